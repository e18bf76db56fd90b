import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Shown instead of the cause form to roles that may read causes but not write them. */
export function ReadOnlyCausesNote() {
  return (
    <Card className="flex flex-col items-start gap-3">
      <Lock aria-hidden className="size-6 text-slate-500" />
      <p className="font-semibold">Only NGO admins and staff can create or edit causes.</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        You can still read every cause of your organisation and share it.
      </p>
      <Link to="/causes" className={buttonClass('secondary')}>
        View All Causes
      </Link>
    </Card>
  );
}
