import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A titled region: its h2 names it, so assistive tech can jump between sections. */
export function DashboardSection({
  title,
  description,
  action,
  level = 2,
  className,
  children,
}: {
  title: string;
  /** 3 when the section sits inside another one, so headings stay in order. */
  level?: 2 | 3;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={cn('flex min-w-0 flex-col gap-3', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading
          id={headingId}
          className={cn(
            'font-semibold text-slate-900 dark:text-white',
            level === 2 ? 'text-lg' : 'text-base',
          )}
        >
          {title}
        </Heading>
        {action}
      </div>
      {description && <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>}
      {children}
    </section>
  );
}

export const sectionLinkClass =
  'inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100';
