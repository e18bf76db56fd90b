import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { apiErrorBody, errorMessage } from '@/lib/api-client';
import {
  subscribeNewsletterSchema,
  useSubscribeNewsletter,
  type SubscribeNewsletterFormValues,
  type SubscribeNewsletterInput,
} from '../api/subscribe-newsletter';

/**
 * The newsletter sign-up of the public footer. Both answers of the server (201 new, 200 already
 * subscribed) are a success and show its message; a field error goes under the input, anything
 * else (429 included) to an error toast with the server's message.
 */
export function NewsletterForm() {
  const id = useId();
  const headingId = `${id}-heading`;
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const subscribe = useSubscribeNewsletter();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SubscribeNewsletterFormValues, unknown, SubscribeNewsletterInput>({
    resolver: zodResolver(subscribeNewsletterSchema),
    defaultValues: { email: '' },
  });

  const onValid = (values: SubscribeNewsletterInput) => {
    subscribe.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message);
        reset();
      },
      onError: (error) => {
        const fieldMessage = apiErrorBody(error)?.fields?.email;
        if (fieldMessage) {
          setError('email', { type: 'server', message: fieldMessage }, { shouldFocus: true });
          return;
        }
        toast.error(errorMessage(error, 'Could not subscribe. Please try again.'));
      },
    });
  };

  const error = errors.email?.message;
  return (
    <div className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        Subscribe to our newsletter
      </h2>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={handleSubmit(onValid)}
        className="flex flex-col gap-1"
      >
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Email address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.org"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cn(
              'min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 sm:max-w-xs dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
              error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
            )}
            {...register('email')}
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
