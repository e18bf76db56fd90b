import { ExternalLink, Lock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { leaveAppFor } from '@/lib/external-navigation';
import { useCreateDonationCheckout } from '../api/create-donation-checkout';
import {
  emptyDonateForm,
  validateDonation,
  type DonateErrors,
  type DonateFormState,
} from '../donate-form-logic';
import { formatMoney, parseMajorAmount } from '../money';

export interface DonateFormCause {
  id: string;
  currency: string;
  suggestedAmountsMinor: readonly number[];
  maxDonationMinor: number;
}

/** True inside an iframe, including one on another site (reading `window.top` itself is allowed). */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * Sends the donor to the hosted checkout. At top level the page itself goes there. In an iframe it
 * cannot: the provider's page refuses to be framed and a cross-origin frame may not navigate the
 * host page (sandboxes forbid it, and Chromium needs a fresh tap). So a new tab is opened during the
 * tap, before the slow request, when browsers still allow it, and pointed at the checkout once the
 * link arrives; if the tab was blocked, the donor gets a link to open it themselves.
 */
function openCheckoutTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // The checkout must not be able to reach back into this page.
  tab.opener = null;
  try {
    tab.document.title = 'Secure checkout';
    tab.document.body.textContent = 'Opening the secure checkout...';
  } catch {
    // Nothing to show in a tab we cannot write to; it still navigates.
  }
  return tab;
}

type Outcome = { kind: 'none' } | { kind: 'tab-opened' } | { kind: 'open-link'; link: string };

export function DonateForm({ cause, compact }: { cause: DonateFormCause; compact?: boolean }) {
  const offline = useOffline();
  const checkout = useCreateDonationCheckout();
  const [state, setState] = useState<DonateFormState>(() => emptyDonateForm(cause.suggestedAmountsMinor));
  const [errors, setErrors] = useState<DonateErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const ids = { amount: useId(), name: useId(), email: useId(), offline: useId() };
  const [navigating, setNavigating] = useState(false);
  const update = (patch: Partial<DonateFormState>) => setState((s) => ({ ...s, ...patch }));

  const typed = state.custom.trim() ? parseMajorAmount(state.custom, cause.currency) : null;
  const amountMinor = typed ? (typed.ok ? typed.minor : null) : state.picked;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setOutcome({ kind: 'none' });
    const result = validateDonation(state, {
      causeId: cause.id,
      currency: cause.currency,
      maxDonationMinor: cause.maxDonationMinor,
    });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) {
      const first = (['amount', 'name', 'email'] as const).find((f) => result.errors[f]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    const framed = isFramed();
    const tab = framed ? openCheckoutTab() : null;
    checkout.mutate(result.body, {
      onSuccess: ({ link }) => {
        if (!framed) {
          setNavigating(true);
          leaveAppFor(link);
        } else if (tab && !tab.closed) {
          tab.location.href = link;
          setOutcome({ kind: 'tab-opened' });
        } else {
          setOutcome({ kind: 'open-link', link });
        }
      },
      onError: (error) => {
        tab?.close();
        setFailure(errorMessage(error, 'The donation could not be started. Please try again.'));
      },
    });
  };

  const busy = checkout.isPending || navigating;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Donate">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Fieldset variant="group" legend={`Amount (${cause.currency})`} className="flex flex-col gap-2">
        {cause.suggestedAmountsMinor.length > 0 && (
          <div className={cn('grid gap-2', compact ? 'grid-cols-3' : 'grid-cols-3 sm:grid-cols-4')}>
            {cause.suggestedAmountsMinor.map((minor) => {
              const checked = !state.custom.trim() && state.picked === minor;
              return (
                <label
                  key={minor}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    checked
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
                  )}
                >
                  <input
                    type="radio"
                    name="amount"
                    className="sr-only"
                    checked={checked}
                    onChange={() => update({ picked: minor, custom: '' })}
                  />
                  {formatMoney(minor, cause.currency)}
                </label>
              );
            })}
          </div>
        )}
        <Field
          id={ids.amount}
          label={cause.suggestedAmountsMinor.length > 0 ? 'Other amount' : 'Amount'}
          inputMode="decimal"
          autoComplete="off"
          placeholder={cause.suggestedAmountsMinor.length > 0 ? 'Type your own amount' : 'e.g. 5000'}
          value={state.custom}
          onChange={(e) => update({ custom: e.target.value })}
          error={errors.amount}
        />
      </Fieldset>
      <Field
        id={ids.name}
        label="Your name (optional)"
        autoComplete="name"
        maxLength={120}
        value={state.name}
        onChange={(e) => update({ name: e.target.value })}
        error={errors.name}
      />
      <Field
        id={ids.email}
        label="Email for your receipt (optional)"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={state.email}
        onChange={(e) => update({ email: e.target.value })}
        error={errors.email}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={state.anonymous}
          onChange={(e) => update({ anonymous: e.target.checked })}
        />
        Donate anonymously (your name is not shown on the cause page)
      </label>
      {offline && (
        <p id={ids.offline} className="text-sm text-amber-800 dark:text-amber-200">
          You are offline. Donating needs a connection.
        </p>
      )}
      <Button
        type="submit"
        disabled={offline}
        aria-describedby={offline ? ids.offline : undefined}
        pending={busy}
        pendingLabel="Opening secure checkout..."
      >
        <Lock aria-hidden className="size-4" />
        {amountMinor ? `Donate ${formatMoney(amountMinor, cause.currency)}` : 'Donate'}
      </Button>
      <div role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {outcome.kind === 'tab-opened' &&
          'The secure checkout opened in a new tab. Complete your donation there. Thank you!'}
        {outcome.kind === 'open-link' && (
          <span className="flex flex-col items-start gap-2">
            Your browser blocked the new tab. Open the secure checkout to complete your donation:
            <a
              href={outcome.link}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              Continue to secure checkout
              <ExternalLink aria-hidden className="size-4" />
            </a>
          </span>
        )}
      </div>
    </form>
  );
}
