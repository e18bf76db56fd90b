import { Link } from '@tanstack/react-router';
import { dashboardKindForRole, menuForRole, portalLabel } from '@/config/nav';
import { howTos } from '../how-tos';
import { dashboardDescriptions, roleGuides, type RoleGuide } from '../role-guide';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100';
const tocLinkClass = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

function RoleSection({ guide }: { guide: RoleGuide }) {
  // Rendered from the portal's own menu map, so this guide cannot drift from what users see.
  const menu = menuForRole(guide.role);
  return (
    <section aria-labelledby={`${guide.id}-title`} id={guide.id} className="scroll-mt-28">
      <h3 id={`${guide.id}-title`} className="text-xl font-bold">
        {guide.title}
      </h3>
      <p className="mt-2 text-slate-800 dark:text-slate-200">{guide.purpose}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Portal label</dt>
        <dd className="text-slate-700 dark:text-slate-300">{portalLabel(guide.role)}</dd>
        <dt className="font-semibold">Dashboard</dt>
        <dd className="text-slate-700 dark:text-slate-300">
          {dashboardDescriptions[dashboardKindForRole(guide.role)]}
        </dd>
      </dl>
      <h4 className="mt-4 text-sm font-semibold">Menu</h4>
      <ol className="mt-2 flex flex-wrap gap-2 text-sm">
        {menu.items.map((item) => (
          <li
            key={item.to}
            className="rounded-md border border-slate-200 bg-slate-50 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          >
            {item.label}
          </li>
        ))}
      </ol>
      {menu.tools && (
        <>
          <h4 className="mt-4 text-sm font-semibold">{menu.tools.heading}</h4>
          <ol className="mt-2 flex flex-wrap gap-2 text-sm">
            {menu.tools.items.map((item) => (
              <li
                key={item.to}
                className="rounded-md border border-slate-200 bg-slate-50 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
              >
                {item.label}
              </li>
            ))}
          </ol>
        </>
      )}
      {guide.tips.length > 0 && (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {guide.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DocumentationScreen() {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 pt-8 pb-16 sm:pt-12">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Documentation</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          The user guide to NGO Portal: what each role is for, the menu it sees, and step-by-step guides for
          the first things you will do. Looking for a quick answer? Try the{' '}
          <Link to="/help-center" className={linkClass}>
            Help Center
          </Link>
          . Building an integration? See the{' '}
          <Link to="/api" className={linkClass}>
            API reference
          </Link>
          .
        </p>
      </header>

      <nav
        aria-labelledby="toc-title"
        className="rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="toc-title" className="text-lg font-bold">
          On this page
        </h2>
        <div className="mt-3 grid gap-6 sm:grid-cols-2">
          <div>
            <a href="#roles" className={`${tocLinkClass} font-semibold`}>
              User guide by role
            </a>
            <ul className="mt-2 flex flex-col gap-1.5 pl-3 text-sm">
              {roleGuides.map((guide) => (
                <li key={guide.id}>
                  <a href={`#${guide.id}`} className={tocLinkClass}>
                    {guide.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <a href="#how-to" className={`${tocLinkClass} font-semibold`}>
              How-to guides
            </a>
            <ul className="mt-2 flex flex-col gap-1.5 pl-3 text-sm">
              {howTos.map((howTo) => (
                <li key={howTo.id}>
                  <a href={`#${howTo.id}`} className={tocLinkClass}>
                    {howTo.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </nav>

      <section aria-labelledby="roles-title" id="roles" className="flex scroll-mt-28 flex-col gap-8">
        <div>
          <h2 id="roles-title" className="text-2xl font-bold">
            User guide by role
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Everyone in an organisation has one role. It decides the portal label in the sidebar, the
            dashboard and the menu. In an organisation, the NGO admin chooses each member's role.
          </p>
        </div>
        {roleGuides.map((guide) => (
          <RoleSection key={guide.id} guide={guide} />
        ))}
      </section>

      <section aria-labelledby="how-to-title" id="how-to" className="flex scroll-mt-28 flex-col gap-8">
        <h2 id="how-to-title" className="text-2xl font-bold">
          How-to guides
        </h2>
        {howTos.map((howTo) => (
          <section
            key={howTo.id}
            id={howTo.id}
            aria-labelledby={`${howTo.id}-title`}
            className="scroll-mt-28"
          >
            <h3 id={`${howTo.id}-title`} className="text-xl font-bold">
              {howTo.title}
            </h3>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800 dark:text-slate-200">
              {howTo.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {howTo.note && <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{howTo.note}</p>}
          </section>
        ))}
      </section>
    </div>
  );
}
