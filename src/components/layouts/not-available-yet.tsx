import { Construction } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { Card } from '@/components/ui/card';
import { buttonClass } from '@/components/ui/button';

/** An honest panel for a screen a later release builds; never a blank page or a 404. */
export function NotAvailableYet({ title, backTo = '/dashboard' }: { title: string; backTo?: string }) {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <Card className="flex flex-col items-start gap-3">
        <Construction aria-hidden className="size-8 text-amber-600" />
        <p className="text-base font-semibold">This screen is not available yet.</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {title} is part of an upcoming release. Everything else in the menu keeps working in the meantime.
        </p>
        <Link to={backTo} className={buttonClass('secondary')}>
          Back
        </Link>
      </Card>
    </div>
  );
}
