import { useEffect, useRef, useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { newIdempotencyKey, queuedMessage, startOutbox } from '@/lib/outbox';
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
  const errorId = 'newsletter-error';
  const subscribe = useSubscribeNewsletter();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  // Made when the visitor starts typing, kept until the subscription has gone (or is queued), so
  // a double submit or a resend after a lost answer is one subscription for the server.
  const idempotencyKey = useRef<string | null>(null);
  const keyForThisSubscription = () => (idempotencyKey.current ??= newIdempotencyKey());

  // Wherever a write can start, the queue is sent too (idempotent if the page's entry started it).
  useEffect(startOutbox, []);
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
    void subscribe.mutate(checked.data, keyForThisSubscription(), {
      onSuccess: ({ message }) => {
        idempotencyKey.current = null;
        notify.success(message);
        setEmail('');
      },
      onQueued: (reason) => {
        idempotencyKey.current = null;
        notify.message(queuedMessage('subscription', reason));
        setEmail('');
      },
      onError: (failure) => {
        const fieldMessage = failure.fields?.email;
        if (fieldMessage) {
          setError(fieldMessage);
          input.current?.focus();
          return;
        }
        notify.error(failure.message || 'Could not subscribe. Please try again.');
      },
    });
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
              keyForThisSubscription();
              setEmail(e.target.value);
            }}
            onBlur={() => {
              if (email) void validate(email).then((r) => setError(r.message));
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cn(
              'min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 sm:max-w-xs dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
              error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
            )}
          />
          <Button type="submit" pending={subscribe.isPending} pendingLabel="Subscribing...">
            Subscribe
          </Button>
        </div>
        {error && (
          <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
