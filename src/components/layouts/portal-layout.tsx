import { Menu, X } from 'lucide-react';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { InstallAppButton } from '@/components/ui/install-app-button';
import { OutboxStatus } from '@/components/outbox/outbox-status';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { cn } from '@/components/ui/cn';
import { cachePortalCode } from '@/lib/portal-code/cache-portal-code';
import { requestPersistentStorage } from '@/lib/storage-persistence';
import { displayName, getStoredRole, getStoredUser } from '@/lib/session';
import { LogoutButton } from './logout-button';
import { OfflineBanner } from './offline-banner';
import { PortalSidebar, type NavBadges } from './portal-sidebar';

/**
 * `navBadges`: counts beside menu entries, by path; `headerActions`: controls beside the theme toggle
 * (the notifications bell). The route composing the layout fills both: a layout imports no feature.
 */
export function PortalLayout({
  children,
  navBadges,
  headerActions,
}: {
  children: ReactNode;
  navBadges?: NavBadges;
  headerActions?: ReactNode;
}) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const user = getStoredUser();
  // Signed in: what this user reads offline should survive the browser's storage clean-ups.
  useEffect(() => {
    void requestPersistentStorage();
    void cachePortalCode();
  }, []);
  const role = getStoredRole();

  const close = () => setSidebarOpen(false);
  // On a phone the menu is closed: a dot on its button says something in it waits.
  const badgeTotal = Object.values(navBadges ?? {}).reduce((sum, n) => sum + n, 0);
  const sidebar = (
    <PortalSidebar role={role} signedInAs={displayName(user)} onNavigate={close} badges={navBadges} />
  );

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
        {sidebar}
      </aside>
      {/* On small screens the sidebar is a modal: focus is trapped inside and Escape closes it. */}
      <Dialog.Root open={sidebarOpen} onOpenChange={setSidebarOpen}>
        <Dialog.Portal>
          <Dialog.Overlay
            data-testid="sidebar-backdrop"
            className="fixed inset-0 z-40 bg-slate-950/50 lg:hidden"
          />
          <Dialog.Content
            id="portal-sidebar-mobile"
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl lg:hidden dark:bg-slate-900"
          >
            <Dialog.Title className="sr-only">Portal menu</Dialog.Title>
            {sidebar}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className="lg:pl-64">
        {/* Tighter on a phone: at 360 px its five icon buttons and 'Log out' still fit on one line. */}
        <header className="sticky top-0 z-20 flex items-center justify-between gap-0.5 border-b border-slate-200 bg-white/95 px-2 py-2 backdrop-blur sm:gap-2 sm:px-3 dark:border-slate-800 dark:bg-slate-900/95">
          <button
            type="button"
            className={cn(
              'relative inline-flex size-11 items-center justify-center rounded-lg lg:hidden',
              'hover:bg-slate-100 dark:hover:bg-slate-800',
            )}
            aria-label={
              sidebarOpen
                ? 'Close sidebar'
                : badgeTotal > 0
                  ? `Open sidebar, ${badgeTotal} unread`
                  : 'Open sidebar'
            }
            aria-expanded={sidebarOpen}
            aria-controls="portal-sidebar-mobile"
            onClick={() => setSidebarOpen((o) => !o)}
          >
            {sidebarOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
            {badgeTotal > 0 && !sidebarOpen && (
              <span aria-hidden className="absolute top-2 right-2 size-2.5 rounded-full bg-red-600" />
            )}
          </button>
          <div className="flex-1" />
          <OutboxStatus />
          <InstallAppButton />
          {headerActions}
          <ThemeToggle />
          <LogoutButton />
        </header>
        <main id="main" className="px-4 py-6 sm:px-6">
          {children}
        </main>
      </div>
      <Toaster position="top-right" duration={4000} richColors closeButton />
      <OfflineBanner />
    </div>
  );
}
