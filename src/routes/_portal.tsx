import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { PortalLayout } from '@/components/layouts/portal-layout';
import { useChatUnreadCount } from '@/features/chat/use-chat-unread-count';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { isSignedIn } from '@/lib/session';

export const Route = createFileRoute('/_portal')({
  // A client guard is a convenience only; the server checks the token and role on every request.
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) {
      throw redirect({ to: '/signin', search: { redirect: location.href } });
    }
  },
  component: PortalRoute,
});

function PortalRoute() {
  const chatUnread = useChatUnreadCount();
  return (
    <PortalLayout navBadges={{ '/team-chat': chatUnread }} headerActions={<NotificationsBell />}>
      <Outlet />
    </PortalLayout>
  );
}
