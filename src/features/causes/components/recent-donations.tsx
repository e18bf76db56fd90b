import type { RecentDonation } from '@contract/causes';
import { Card } from '@/components/ui/card';
import { TestModeBadge } from '@/components/ui/test-mode-badge';
import { formatMoney } from '../money';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Newest first; a donor who chose anonymity (or gave no name) shows as 'Anonymous', and a donation
 * made through the test-mode simulator carries the 'Test' badge.
 */
export function RecentDonations({ donations }: { donations: readonly RecentDonation[] }) {
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Recent donations</h2>
      {donations.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No donations yet. Share the cause to get the first one.
        </p>
      ) : (
        <ul aria-label="Recent donations" className="divide-y divide-slate-200 dark:divide-slate-800">
          {donations.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <span className="min-w-0 truncate font-medium">{d.donorName?.trim() || 'Anonymous'}</span>
                {d.testMode && <TestModeBadge />}
              </span>
              <span className="flex shrink-0 flex-col items-end">
                <span className="font-semibold">{formatMoney(d.amountMinor, d.currency)}</span>
                <time dateTime={d.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
                  {dateFormat.format(new Date(d.createdAt))}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
