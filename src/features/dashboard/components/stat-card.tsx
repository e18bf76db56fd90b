import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: LucideIcon;
  className?: string;
}

/** One figure with its label; a named group, so screen readers announce 'Team members, 12'. */
export function StatCard({ label, value, hint, icon: Icon, className }: StatCardProps) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className={cn('flex flex-col gap-1 p-4', className)}>
      <div className="flex items-center justify-between gap-2">
        <p id={labelId} className="text-sm font-medium text-slate-600 dark:text-slate-300">
          {label}
        </p>
        {Icon && <Icon aria-hidden className="size-5 shrink-0 text-brand-600 dark:text-brand-100" />}
      </div>
      <p className="text-2xl font-bold break-words text-slate-900 tabular-nums sm:text-3xl dark:text-white">
        {value}
      </p>
      {hint && <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
    </Card>
  );
}
