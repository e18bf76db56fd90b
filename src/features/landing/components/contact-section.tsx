import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { contact } from '@/config/marketing-content';
import { LandingSection } from './landing-section';
import { textLinkClass } from './text-link';

const card = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
const cardHeading = 'flex items-center gap-2 font-semibold text-slate-900 dark:text-white';
const iconClass = 'size-5 shrink-0 text-brand-700 dark:text-brand-100';

export function ContactSection() {
  return (
    <LandingSection id="contact" title="Contact us" tone="tinted">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {contact.offices.map((office) => (
          <div key={office.city} className={card}>
            <h3 className={cardHeading}>
              <MapPin aria-hidden className={iconClass} />
              {office.city}
            </h3>
            <address className="mt-2 text-slate-700 not-italic dark:text-slate-300">
              {office.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
        ))}
        <div className={card}>
          <h3 className={cardHeading}>
            <Mail aria-hidden className={iconClass} />
            Email and phone
          </h3>
          <ul className="mt-2 flex flex-col gap-1">
            {contact.emails.map((email) => (
              <li key={email}>
                <a href={`mailto:${email}`} className={`${textLinkClass} break-all`}>
                  {email}
                </a>
              </li>
            ))}
            <li className="flex items-center gap-1">
              <Phone aria-hidden className="size-4 shrink-0 text-slate-600 dark:text-slate-400" />
              <a href={contact.phone.href} className={textLinkClass}>
                {contact.phone.display}
              </a>
            </li>
          </ul>
        </div>
        <div className={card}>
          <h3 className={cardHeading}>
            <Clock aria-hidden className={iconClass} />
            Opening hours
          </h3>
          <ul className="mt-2 flex flex-col gap-1 text-slate-700 dark:text-slate-300">
            {contact.hours.map((h) => (
              <li key={h.days}>{`${h.days} ${h.time}`}</li>
            ))}
          </ul>
        </div>
      </div>
    </LandingSection>
  );
}
