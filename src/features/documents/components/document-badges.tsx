import type { DocumentStatus } from '@contract/documents';
import { Ban, BadgeCheck } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { statusLabel } from '../documents-filter';

const badge = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';
const looks: Record<DocumentStatus, string> = {
  valid: 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100',
  revoked: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
};

/** Valid or Revoked in words and an icon, not in colour only. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const Icon = status === 'valid' ? BadgeCheck : Ban;
  return (
    <span className={cn(badge, looks[status])}>
      <Icon aria-hidden className="size-3.5" />
      {statusLabel[status]}
    </span>
  );
}
