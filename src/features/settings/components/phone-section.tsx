import { zodResolver } from '@hookform/resolvers/zod';
import type { PhonePut, PhonePutInput } from '@contract/phone';
import { Smartphone } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { applyServerError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useUnsavedInput } from '@/lib/unsaved-input';
import { usePhone } from '../api/get-phone';
import { useRemovePhone } from '../api/remove-phone';
import { setPhoneInputSchema, useSetPhone } from '../api/set-phone';

/**
 * Account settings: the member's own number for text messages. A campaign's SMS reaches only members
 * who gave one. Saving and removing need a connection (online-only mutations).
 */
export function PhoneSection() {
  const { data, status, fetchStatus, error, refetch, isRefetching } = usePhone();
  return (
    <Card className="flex flex-col gap-3" aria-labelledby="phone-heading" role="region">
      <h2 id="phone-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Smartphone aria-hidden className="size-5" />
        Phone for text messages
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Your organisation&apos;s text messages (SMS) go to this number. Without one, you get none.
      </p>
      {status === 'pending' && (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <div role="status" aria-label="Loading your phone number" className="flex flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-11 w-full" />
          </div>
        </LoadingOrOffline>
      )}
      {status === 'error' && (
        <div className="flex flex-col items-start gap-2">
          <Alert tone="error">{errorMessage(error, 'Your phone number could not be loaded.')}</Alert>
          <Button variant="secondary" pending={isRefetching} onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      )}
      {status === 'success' && <PhoneForm current={data.phone} />}
    </Card>
  );
}

function PhoneForm({ current }: { current: string | null }) {
  const offline = useOffline();
  const noteId = useId();
  const save = useSetPhone();
  const remove = useRemovePhone();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<PhonePutInput, unknown, PhonePut>({
    resolver: zodResolver(setPhoneInputSchema),
    defaultValues: { phone: current ?? '' },
  });
  useUnsavedInput(isDirty);
  const busy = save.isPending || remove.isPending;
  const offlineNote = offline ? noteId : undefined;

  const onValid = (values: PhonePut) =>
    save.mutate(values, {
      onSuccess: ({ phone }) => {
        // The stored form (+250…) replaces what was typed, so the member sees how it was read.
        reset({ phone: phone ?? '' });
        notify.success(`Saved. Text messages go to ${phone}.`);
      },
      onError: (failure) => {
        const rest = applyServerError(
          failure,
          setError,
          ['phone'],
          'Your number could not be saved. Try again.',
        );
        if (rest) notify.error(rest);
      },
    });

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        reset({ phone: '' });
        notify.success('Phone number removed. You will get no text messages.');
      },
      onError: (failure) =>
        notify.error(errorMessage(failure, 'Your number could not be removed. Try again.')),
    });

  return (
    <>
      <p className="text-sm" data-testid="current-phone">
        {current ? (
          <>
            Current number: <span className="font-semibold">{current}</span>
          </>
        ) : (
          'No number yet.'
        )}
      </p>
      <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-3">
        <Field
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="With its country code, e.g. +250 788 123 456. A number starting with 0 is taken as Rwandan."
          error={errors.phone?.message}
          {...register('phone')}
        />
        {offline && (
          <NeedsNetworkNote id={noteId}>
            You are offline. Changing your number needs a connection.
          </NeedsNetworkNote>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            pending={save.isPending}
            pendingLabel="Saving..."
            disabled={offline || busy}
            aria-describedby={offlineNote}
          >
            Save
          </Button>
          {current && (
            <Button
              variant="secondary"
              pending={remove.isPending}
              pendingLabel="Removing..."
              disabled={offline || busy}
              aria-describedby={offlineNote}
              onClick={onRemove}
            >
              Remove
            </Button>
          )}
        </div>
      </form>
    </>
  );
}
