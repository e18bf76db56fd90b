import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { contact } from '@/config/marketing-content';

const linkClass =
  'font-semibold break-all text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

/** Offices, mailboxes, phone and hours, all from the marketing content module. */
export function ContactDetails() {
  return (
    <div className="flex flex-col gap-8">
      <section>
        <h2 id="contact-offices" className="text-xl font-bold">
          Our offices
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {contact.offices.map((office) => (
            <div key={office.city} className="flex gap-3">
              <MapPin aria-hidden className="mt-1 size-5 shrink-0 text-brand-600 dark:text-brand-100" />
              <div>
                <h3 className="font-semibold">{office.city}</h3>
                <address className="text-sm text-slate-700 not-italic dark:text-slate-300">
                  {office.address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section>
        <h2 id="contact-reach" className="text-xl font-bold">
          Email and phone
        </h2>
        <ul className="mt-3 flex flex-col gap-2">
          {contact.emails.map((email) => (
            <li key={email} className="flex items-center gap-3">
              <Mail aria-hidden className="size-5 shrink-0 text-brand-600 dark:text-brand-100" />
              <a href={`mailto:${email}`} className={linkClass}>
                {email}
              </a>
            </li>
          ))}
          <li className="flex items-center gap-3">
            <Phone aria-hidden className="size-5 shrink-0 text-brand-600 dark:text-brand-100" />
            <a href={contact.phone.href} className={linkClass}>
              {contact.phone.display}
            </a>
          </li>
        </ul>
      </section>

      <section>
        <h2 id="contact-hours" className="text-xl font-bold">
          Opening hours
        </h2>
        <ul className="mt-3 flex flex-col gap-1">
          {contact.hours.map((slot) => (
            <li key={slot.days} className="flex items-center gap-3 text-slate-800 dark:text-slate-200">
              <Clock aria-hidden className="size-5 shrink-0 text-brand-600 dark:text-brand-100" />
              <span>{`${slot.days} ${slot.time}`}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
