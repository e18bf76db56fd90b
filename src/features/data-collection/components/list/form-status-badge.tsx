import type { FormStatus } from '@contract/forms/api';
import { cn } from '@/components/ui/cn';

const looks: Record<FormStatus, { label: string; className: string }> = {
  draft: {
    label: 'Draft',
    className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  },
  open: {
    label: 'Open',
    className: 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100',
  },
  closed: {
    label: 'Closed',
    className: 'bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  },
};

export const formStatusLabel = (status: FormStatus) => looks[status].label;

export function FormStatusBadge({ status }: { status: FormStatus }) {
  return (
    <span
      className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', looks[status].className)}
    >
      {looks[status].label}
    </span>
  );
}

/** 'Version 3 published · unpublished changes', or that it was never published. */
export function versionLine(form: {
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
}): string {
  if (form.publishedVersion === null) return 'Not published yet';
  return `Version ${form.publishedVersion} published${form.hasUnpublishedChanges ? ' · unpublished changes' : ''}`;
}
