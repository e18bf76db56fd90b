import { Link, useRouterState } from '@tanstack/react-router';
import { isActivePath, menuForRole, portalLabel, type NavItem } from '@/config/nav';
import { cn } from '@/components/ui/cn';
import { BrandLogo } from './brand-logo';

/**
 * Counts shown beside menu entries, by the entry's path ('/team-chat': unread messages). The
 * layout's caller fills it; the menu itself names no feature.
 */
export type NavBadges = Readonly<Record<string, number>>;

function NavLinks({
  items,
  currentPath,
  onNavigate,
  badges,
}: {
  items: NavItem[];
  currentPath: string;
  onNavigate: () => void;
  badges?: NavBadges;
}) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => {
        const active = isActivePath(currentPath, item.to);
        const count = badges?.[item.to] ?? 0;
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              aria-label={count > 0 ? `${item.label}, ${count} unread` : undefined}
              className={cn(
                'flex min-h-10 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium',
                active
                  ? 'bg-brand-600 text-white'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              <span data-nav-label>{item.label}</span>
              {count > 0 && (
                <span
                  aria-hidden
                  data-testid="nav-badge"
                  className={cn(
                    'min-w-6 rounded-full px-1.5 text-center text-xs leading-5 font-bold',
                    active ? 'bg-white text-brand-700' : 'bg-brand-600 text-white',
                  )}
                >
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function PortalSidebar({
  role,
  signedInAs,
  onNavigate,
  badges,
}: {
  role: string;
  signedInAs: string;
  onNavigate: () => void;
  badges?: NavBadges;
}) {
  const currentPath = useRouterState({ select: (s) => s.location.pathname });
  const menu = menuForRole(role);
  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-slate-200 px-4 py-4 dark:border-slate-800">
        <Link to="/dashboard" onClick={onNavigate} aria-label="NGO Portal dashboard">
          <BrandLogo tagline={false} />
        </Link>
        <p
          data-testid="portal-label"
          className="mt-2 text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100"
        >
          {portalLabel(role)}
        </p>
      </div>
      <nav aria-label="Portal" className="flex-1 overflow-y-auto px-3 py-3">
        <NavLinks items={menu.items} currentPath={currentPath} onNavigate={onNavigate} badges={badges} />
        {menu.tools && (
          <>
            <h2 className="mt-5 mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {menu.tools.heading}
            </h2>
            <NavLinks
              items={menu.tools.items}
              currentPath={currentPath}
              onNavigate={onNavigate}
              badges={badges}
            />
          </>
        )}
      </nav>
      <div className="border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-800">
        <span className="text-slate-600 dark:text-slate-400">Signed in as</span>{' '}
        <span data-testid="signed-in-as" className="font-semibold break-all">
          {signedInAs}
        </span>
      </div>
    </div>
  );
}
