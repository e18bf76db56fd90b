import { useRef, useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useFieldControl } from '@/components/ui/field-frame';
import { queuedMessage } from '@/lib/outbox';
import { useUnsavedInput } from '@/lib/unsaved-input';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

/**
 * The newsletter sign-up of the public footer. Both answers of the server (201 new, 200 already
 * subscribed) are a success and show its message; a field error goes under the input, anything
 * else (429 included) to an error toast with the server's message. Offline, or when the server
 * cannot be reached, the subscription waits in the outbox and the field clears.
 */
export function NewsletterForm() {
  // Fixed ids, not useId: this form is hydrated as its own island, where useId would not produce the
  // ids of the prerendered page; there is one newsletter form per page.
  const headingId = 'newsletter-heading';
  const inputId = 'newsletter-email';
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const control = useFieldControl({ error }, inputId);
  // The one field's error, in react-hook-form's setError shape, so the server's field message lands here.
  const subscribe = useSubscribeNewsletter((_field, { message }, options) => {
    setError(message);
    if (options?.shouldFocus) input.current?.focus();
  });
  // An app update waits while an address is typed but not yet sent (or queued).
  useUnsavedInput(email.trim() !== '');

  // One field does not need a form library; the shared contract schema (loaded on first use)
  // still decides what is valid, exactly as on the server.
  const validate = async (value: string) => {
    const { newsletterBody } = await import('@contract/marketing');
    const result = newsletterBody.safeParse({ email: value });
    return result.success
      ? { data: result.data }
      : { message: result.error.issues[0]?.message ?? 'Enter a valid email address.' };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await validate(email);
    if (!checked.data) {
      setError(checked.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    const outcome = await subscribe.send(checked.data);
    if (outcome.status === 'sent') {
      notify.success(outcome.response.message);
      setEmail('');
    } else if (outcome.status === 'queued') {
      notify.message(queuedMessage('subscription', outcome.reason));
      setEmail('');
    } else if (outcome.alert) {
      // A field message already sits under the input; anything else (429 included) is a toast.
      notify.error(outcome.alert);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        Subscribe to our newsletter
      </h2>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(e) => void onSubmit(e)}
        className="flex flex-col gap-1"
      >
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Email address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.org"
            value={email}
            onChange={(e) => {
              // The subscription's Idempotency-Key dates from the first keystroke.
              subscribe.start();
              setEmail(e.target.value);
            }}
            onBlur={() => {
              if (email) void validate(email).then((r) => setError(r.message));
            }}
            {...control.aria}
            className={cn(
              'min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 sm:max-w-xs dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
              error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
            )}
          />
          <Button type="submit" pending={subscribe.pending} pendingLabel="Subscribing...">
            Subscribe
          </Button>
        </div>
        {error && (
          <p id={control.errorId} className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
