import type { GrantDetail } from '@contract/grants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { todayCalendarDate } from '@/lib/calendar-date';
import { useOffline } from '@/lib/connectivity';
import { applyServerError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import {
  createGrantInputSchema,
  useCreateGrant,
  type CreateGrantFormValues,
  type CreateGrantInput,
} from '../api/create-grant';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useUnsavedInput } from '@/lib/unsaved-input';

const formFields = [
  'title',
  'category',
  'donorAgency',
  'grantSize',
  'postDate',
  'deadlineDate',
  'imageUrl',
  'country',
  'areaOfInterest',
  'description',
  'eligibility',
  'applicationUrl',
  'sourceUrl',
] as const satisfies readonly FieldPath<CreateGrantFormValues>[];

const emptyForm = (): CreateGrantFormValues => ({
  title: '',
  category: '',
  donorAgency: '',
  grantSize: '',
  postDate: todayCalendarDate(),
  deadlineDate: '',
  imageUrl: '',
  country: '',
  areaOfInterest: '',
  description: '',
  eligibility: '',
  applicationUrl: '',
  sourceUrl: '',
});

/**
 * /grants/new (SUPER_ADMIN): the grant form, checked with the same schema the server uses, so the
 * inline messages are the server's; a refusal from the server still lands on its field.
 */
export function AddGrantForm({ onCreated }: { onCreated: (grant: GrantDetail) => void }) {
  const create = useCreateGrant();
  const offline = useOffline();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<CreateGrantFormValues, unknown, CreateGrantInput>({
    resolver: zodResolver(createGrantInputSchema),
    mode: 'onTouched',
    defaultValues: emptyForm(),
  });
  useUnsavedInput(isDirty);

  const onValid = (input: CreateGrantInput) => {
    setFailure(null);
    create.mutate(input, {
      onSuccess: (grant) => {
        notify.success('Grant added.');
        onCreated(grant);
      },
      // Field messages sit on their inputs; anything else (403, a network error) goes in the alert.
      onError: (error) =>
        setFailure(applyServerError(error, setError, formFields, 'The grant could not be saved.')),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-6">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Fieldset legend="The grant">
        <Field label="Title" error={errors.title?.message} {...register('title')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Donor agency"
            autoComplete="organization"
            error={errors.donorAgency?.message}
            {...register('donorAgency')}
          />
          <Field label="Category" error={errors.category?.message} {...register('category')} />
          <Field
            label="Grant size"
            placeholder="e.g. $10,000 - $50,000"
            error={errors.grantSize?.message}
            {...register('grantSize')}
          />
          <Field
            label="Image URL (optional)"
            type="url"
            inputMode="url"
            placeholder="https://"
            hint="Leave blank for the default picture."
            error={errors.imageUrl?.message}
            {...register('imageUrl')}
          />
          <Field label="Post date" type="date" error={errors.postDate?.message} {...register('postDate')} />
          <Field
            label="Deadline (optional)"
            type="date"
            hint="Leave blank for a rolling call."
            error={errors.deadlineDate?.message}
            {...register('deadlineDate')}
          />
        </div>
      </Fieldset>
      <Fieldset legend="Who it is for">
        <Field
          label="Countries"
          placeholder="e.g. Kenya, Uganda"
          hint="Separate several with commas."
          error={errors.country?.message}
          {...register('country')}
        />
        <Field
          label="Areas of interest"
          placeholder="e.g. Clean Water, Education"
          hint="Separate several with commas."
          error={errors.areaOfInterest?.message}
          {...register('areaOfInterest')}
        />
        <TextAreaField
          label="Description"
          rows={6}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextAreaField
          label="Eligibility"
          rows={4}
          error={errors.eligibility?.message}
          {...register('eligibility')}
        />
      </Fieldset>
      <Fieldset legend="Links">
        <Field
          label="Application URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          error={errors.applicationUrl?.message}
          {...register('applicationUrl')}
        />
        <Field
          label="Source URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          error={errors.sourceUrl?.message}
          {...register('sourceUrl')}
        />
      </Fieldset>
      {offline && (
        <NeedsNetworkNote id="add-grant-offline">Adding a grant needs a connection.</NeedsNetworkNote>
      )}
      <Button
        type="submit"
        disabled={offline}
        aria-describedby={offline ? 'add-grant-offline' : undefined}
        pending={create.isPending}
        pendingLabel="Saving..."
        className="sm:self-start"
      >
        Add grant
      </Button>
    </form>
  );
}
