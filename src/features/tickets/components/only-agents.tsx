import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** /admin/all-tickets for someone who does not work tickets: why, and where their own tickets are. */
export function OnlyAgents() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">All Tickets & Feedback</h1>
      <Card className="flex flex-col items-start gap-3">
        <ShieldAlert aria-hidden className="size-8 text-amber-600" />
        <p className="text-base font-semibold">Only admins work tickets.</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This queue is for your organisation’s admins and the platform’s support team. Your own questions and
          requests, and their answers, are under Tickets and Requests.
        </p>
        <Link to="/feedback-requests" className={buttonClass('primary')}>
          Go to Tickets and Requests
        </Link>
      </Card>
    </div>
  );
}
