import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** /admin/bulk-email for someone who may not send campaigns: why, and where to go instead. */
export function NotForYourRole() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Send Notification</h1>
      <Card className="flex flex-col items-start gap-3">
        <ShieldAlert aria-hidden className="size-8 text-amber-600" />
        <p className="text-base font-semibold">Sending notifications is not for your role.</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Only your organisation’s admins send emails, in-app notifications and text messages to its members.
          If you need something announced, ask one of them, or open a ticket.
        </p>
        <Link to="/feedback-requests" className={buttonClass('primary')}>
          Go to Tickets and Requests
        </Link>
      </Card>
    </div>
  );
}
