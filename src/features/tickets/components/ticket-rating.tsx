import { zodResolver } from '@hookform/resolvers/zod';
import { ticketErrorCodes, type TicketDetail } from '@contract/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { TextAreaField } from '@/components/ui/text-area-field';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { serverErrorCode } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { ticketsQueryKeys } from '../api/query-keys';
import { useRateTicket } from '../api/rate-ticket';
import { CSAT_CHOICES, ratingSchema, type RatingOutput, type RatingValues } from '../ticket-forms';

const labelOf = (score: number) => CSAT_CHOICES.find((c) => c.score === score)?.label ?? '';

/** A rating given: the score in words and stars, and the comment. */
export function TicketRatingShown({
  rating,
  byViewer,
}: {
  rating: NonNullable<TicketDetail['rating']>;
  byViewer: boolean;
}) {
  return (
    <section
      aria-label="Rating"
      className="flex flex-col gap-1 rounded-xl border border-brand-500/40 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-700 dark:bg-brand-800/30 dark:text-brand-100"
    >
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <span aria-hidden className="inline-flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <Star key={n} className={n <= rating.score ? 'size-4 fill-current' : 'size-4 opacity-40'} />
          ))}
        </span>
        {byViewer ? 'You rated this' : 'Rated'} {rating.score} out of 5: {labelOf(rating.score)}
      </p>
      {rating.comment && <p className="whitespace-pre-wrap break-words">“{rating.comment}”</p>}
    </section>
  );
}

/**
 * Once the ticket is resolved, the requester is asked how satisfied they are: five labelled choices
 * and an optional comment, given once (the server refuses a second rating).
 */
export function RatingPrompt({ ticket }: { ticket: TicketDetail }) {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const rate = useRateTicket();
  const ids = { heading: useId(), error: useId(), note: useId() };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RatingValues, unknown, RatingOutput>({
    resolver: zodResolver(ratingSchema),
    defaultValues: { comment: '' },
  });

  const onValid = (rating: RatingOutput) =>
    rate.mutate(
      { ticketId: ticket.id, rating },
      {
        onSuccess: () => notify.success('Thank you for your rating.'),
        onError: (error) => {
          const code = serverErrorCode(error);
          notify.error(
            code === ticketErrorCodes.alreadyRated
              ? 'This ticket was already rated.'
              : errorMessage(error, 'Your rating could not be sent. Try again.'),
          );
          if (errorStatus(error) === 409)
            void queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.detail(ticket.id) });
        },
      },
    );

  const scoreError = errors.score?.message;
  return (
    <section
      aria-labelledby={ids.heading}
      className="flex flex-col gap-3 rounded-xl border border-brand-500/40 bg-brand-50/60 p-3 sm:p-4 dark:border-brand-700 dark:bg-brand-800/20"
    >
      <h3 id={ids.heading} className="text-base font-bold">
        How did we do?
      </h3>
      <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-3">
        <fieldset
          className="min-w-0"
          aria-describedby={scoreError ? ids.error : undefined}
          aria-invalid={scoreError ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            How satisfied are you with the help you got?
          </legend>
          <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap">
            {CSAT_CHOICES.map(({ score, label }) => (
              <label
                key={score}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 hover:bg-white sm:min-w-0 dark:hover:bg-slate-800"
              >
                <input
                  type="radio"
                  value={String(score)}
                  className="size-5 accent-brand-600"
                  {...register('score')}
                />
                <span>
                  <span className="font-semibold">{score}</span> — {label}
                </span>
              </label>
            ))}
          </div>
          {scoreError && (
            <p id={ids.error} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {scoreError}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Comment (optional)"
          rows={3}
          hint="What went well, or what we could do better."
          error={errors.comment?.message}
          {...register('comment')}
        />
        {offline && (
          <NeedsNetworkNote id={ids.note}>
            You are offline. Sending your rating needs a connection.
          </NeedsNetworkNote>
        )}
        <Button
          type="submit"
          className="self-start"
          disabled={offline}
          aria-describedby={offline ? ids.note : undefined}
          pending={rate.isPending}
          pendingLabel="Sending..."
        >
          Send rating
        </Button>
      </form>
    </section>
  );
}
