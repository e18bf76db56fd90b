import { formatMoney, type NgoSubscription, type PaymentHistoryItem } from '@contract/payments';
import { planById } from '@contract/plans';
import { Link } from '@tanstack/react-router';
import { CreditCard, Receipt } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { TestModeBadge } from '@/components/ui/test-mode-badge';
import { errorMessage } from '@/lib/api-client';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { usePaymentHistory } from '../api/get-payment-history';
import { useSubscription } from '../api/get-subscription';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const statusText: Record<NgoSubscription['status'], string> = {
  free: 'Free plan',
  active: 'Active',
  expired: 'Expired',
};

/** Account settings: the organisation's plan, its renewal date and the subscription payments. */
export function PlanSection({ canManagePlan }: { canManagePlan: boolean }) {
  return (
    <>
      <CurrentPlan canManagePlan={canManagePlan} />
      <PaymentHistoryCard />
    </>
  );
}

function CurrentPlan({ canManagePlan }: { canManagePlan: boolean }) {
  const { data, status, fetchStatus, error } = useSubscription();
  return (
    <Card className="flex flex-col gap-3" aria-labelledby="plan-heading" role="region">
      <h2 id="plan-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CreditCard aria-hidden className="size-5" />
        Plan
      </h2>
      {status === 'pending' && (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <div role="status" aria-label="Loading plan" className="flex flex-col gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </LoadingOrOffline>
      )}
      {status === 'error' && (
        <Alert tone="error">{errorMessage(error, 'The plan could not be loaded.')}</Alert>
      )}
      {status === 'success' && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Current plan</dt>
            <dd data-testid="current-plan">{data.planName}</dd>
            <dt className="font-medium">Status</dt>
            <dd data-testid="plan-status">{statusText[data.status]}</dd>
            <dt className="font-medium">Price</dt>
            <dd>
              {formatMoney(data.priceMonthlyMinor, data.currency)}
              <span className="text-slate-600 dark:text-slate-400"> / month</span>
            </dd>
            {data.renewsAt && (
              <>
                <dt className="font-medium">{data.status === 'expired' ? 'Ended on' : 'Renews on'}</dt>
                <dd data-testid="plan-renews">
                  <time dateTime={data.renewsAt}>{formatDate(data.renewsAt)}</time>
                </dd>
              </>
            )}
            <dt className="font-medium">Limits</dt>
            <dd>
              {data.limits.members} team members · {data.limits.storageGb}GB storage ·{' '}
              {data.limits.aiTokensPerMonth.toLocaleString('en-US')} AI tokens / month
            </dd>
          </dl>
          {canManagePlan && (
            <Link to="/pricing" className={buttonClass('secondary', 'self-start')}>
              {data.status === 'active' ? 'Change plan' : 'Choose a plan'}
            </Link>
          )}
        </>
      )}
    </Card>
  );
}

const paymentStatusText: Record<PaymentHistoryItem['status'], string> = {
  pending: 'Pending',
  successful: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function PaymentHistoryCard() {
  const { data, status, fetchStatus, error } = usePaymentHistory();
  return (
    <Card className="flex flex-col gap-3" aria-labelledby="payments-heading" role="region">
      <h2 id="payments-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Receipt aria-hidden className="size-5" />
        Payment history
      </h2>
      {status === 'pending' && (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <div role="status" aria-label="Loading payments" className="flex flex-col gap-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
          </div>
        </LoadingOrOffline>
      )}
      {status === 'error' && (
        <Alert tone="error">{errorMessage(error, 'The payments could not be loaded.')}</Alert>
      )}
      {status === 'success' && data.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">No payments yet.</p>
      )}
      {status === 'success' && data.length > 0 && (
        // Wider than a phone: the region scrolls sideways, by keyboard too (focusable, named).
        <div
          className="-mx-5 overflow-x-auto px-5"
          role="region"
          aria-label="Payment history, scrolls sideways"
          tabIndex={0}
        >
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">Subscription payments, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Reference
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((p) => (
                <tr key={p.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time>
                  </td>
                  <td className="py-2 pr-3">{(p.planId && planById(p.planId)?.name) ?? p.planId ?? '-'}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatMoney(p.amountMinor, p.currency)}</td>
                  <td className="py-2 pr-3">
                    <span
                      className={cn(
                        'font-medium',
                        p.status === 'successful' && 'text-brand-700 dark:text-brand-100',
                        (p.status === 'failed' || p.status === 'cancelled') &&
                          'text-red-700 dark:text-red-400',
                      )}
                    >
                      {paymentStatusText[p.status]}
                    </span>
                    {p.testMode && (
                      <>
                        {' '}
                        <TestModeBadge />
                      </>
                    )}
                  </td>
                  <td className="py-2 font-mono text-xs break-all">{p.txRef}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
