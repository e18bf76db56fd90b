import type { ReactNode } from 'react';
import { contact } from '@/config/marketing-content';
import { legalLastUpdated } from '../legal-meta';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export const legalLinkClass =
  'font-semibold break-words text-brand-700 underline underline-offset-2 dark:text-brand-100';

/** The two general mailboxes of the content module, as links. */
export function Mailboxes() {
  const [first, second] = contact.emails;
  return (
    <>
      <a href={`mailto:${first}`} className={legalLinkClass}>
        {first}
      </a>{' '}
      or{' '}
      <a href={`mailto:${second}`} className={legalLinkClass}>
        {second}
      </a>
    </>
  );
}

/** Offices as one line each: 'London: 71-75 Shelton Street, ...'. */
export function OfficeList() {
  return (
    <ul>
      {contact.offices.map((office) => (
        <li key={office.city}>
          {office.city}: {office.address.join(', ')}
        </li>
      ))}
    </ul>
  );
}

export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-8 px-4 pt-8 pb-16 sm:pt-12">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{`Last updated: ${legalLastUpdated}`}</p>
        <div className="mt-4 text-lg text-slate-800 dark:text-slate-200">{intro}</div>
      </header>
      <nav
        aria-label="Contents"
        className="rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <ol className="list-decimal space-y-1.5 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="scroll-mt-28"
        >
          <h2 id={`${section.id}-title`} className="text-xl font-bold">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 flex flex-col gap-3 text-slate-800 dark:text-slate-200 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}
