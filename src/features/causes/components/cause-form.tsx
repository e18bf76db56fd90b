import type { CauseDetail, CreateCauseBody } from '@contract/causes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { errorStatus } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { applyServerError } from '@/lib/form-errors';
import { answerRenewsKey, useIdempotencyKey } from '@/lib/idempotency';
import { useUnsavedInput } from '@/lib/unsaved-input';
import {
  causeBodyFromForm,
  causeCurrencies,
  causeFormSchemaFor,
  formFieldOfBodyField,
  MAX_SUGGESTED_AMOUNTS,
  type CauseFormValues,
} from '../cause-form';

export interface CauseFormProps {
  defaultValues: CauseFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** Sends the body; resolves with the saved cause, rejects with the API error. */
  onSave: (body: CreateCauseBody, idempotencyKey: string) => Promise<CauseDetail>;
  onSaved: (cause: CauseDetail) => void;
  /** The currency is fixed once a cause has donations (the server answers 409 otherwise). */
  currencyLocked?: boolean;
}

/**
 * The cause form of /causes/create and /causes/edit/{causeId}: validated inline as fields are
 * left, with the contract's own messages; a refusal from the server lands on its field.
 */
export function CauseForm({
  defaultValues,
  submitLabel,
  pendingLabel,
  onSave,
  onSaved,
  currencyLocked,
}: CauseFormProps) {
  const offline = useOffline();
  // One key per saved version of the cause (lib/idempotency's policy): a resend of this save,
  // however the answer was lost, is one cause for the server.
  const idempotencyKey = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CauseFormValues>({
    resolver: zodResolver(causeFormSchemaFor(defaultValues.endDate)),
    mode: 'onTouched',
    defaultValues,
  });
  useUnsavedInput(isDirty);
  const currency = useWatch({ control, name: 'currency' });

  const onValid = async (values: CauseFormValues) => {
    setFailure(null);
    const body = causeBodyFromForm(values);
    let saved: CauseDetail;
    try {
      saved = await onSave(body, idempotencyKey.start());
    } catch (error) {
      if (answerRenewsKey(errorStatus(error))) idempotencyKey.renew();
      setFailure(applyServerError(error, setError, formFieldOfBodyField, 'The cause could not be saved.'));
      return;
    }
    idempotencyKey.renew();
    onSaved(saved);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      onInput={idempotencyKey.start}
      className="flex flex-col gap-6"
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <Fieldset legend="The cause">
        <Field label="Title" maxLength={200} error={errors.title?.message} {...register('title')} />
        <TextAreaField
          label="Story"
          rows={8}
          placeholder="Who you help, what the money pays for, and why now."
          error={errors.story?.message}
          {...register('story')}
        />
        <Field
          label="Image URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="A picture for the cause page and the embed."
          error={errors.imageUrl?.message}
          {...register('imageUrl')}
        />
      </Fieldset>
      <Fieldset legend="The goal">
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field
            label="Goal"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 500000"
            hint={`In ${currency}.`}
            error={errors.goal?.message}
            {...register('goal')}
          />
          {currencyLocked ? (
            // Not registered: the saved currency stays in the form values and is sent unchanged.
            <Field label="Currency" readOnly value={currency} describedBy="cause-currency-locked" />
          ) : (
            <SelectField label="Currency" error={errors.currency?.message} {...register('currency')}>
              {causeCurrencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {currencyLocked && (
          <p id="cause-currency-locked" className="text-sm text-slate-600 dark:text-slate-400">
            The currency cannot change once the cause has received donations.
          </p>
        )}
        <Field
          label="Suggested amounts (optional)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 1000, 5000, 10000"
          hint={`Up to ${MAX_SUGGESTED_AMOUNTS} amounts in ${currency}, separated by commas. Donors pick one or type their own.`}
          error={errors.suggestedAmounts?.message}
          {...register('suggestedAmounts')}
        />
        <Field
          label="End date (optional)"
          type="date"
          hint="The last day donations are taken. Leave blank for no end date."
          error={errors.endDate?.message}
          {...register('endDate')}
        />
      </Fieldset>
      <Fieldset legend="Visibility">
        <div className="flex flex-col gap-3">
          <label className="flex min-h-11 items-start gap-3">
            <input type="radio" value="published" className="mt-1 size-4" {...register('status')} />
            <span>
              <span className="font-medium">Published</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                Anyone with the link or the embed can see it and donate.
              </span>
            </span>
          </label>
          <label className="flex min-h-11 items-start gap-3">
            <input type="radio" value="draft" className="mt-1 size-4" {...register('status')} />
            <span>
              <span className="font-medium">Draft</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                Only your organisation sees it; donations are not taken yet.
              </span>
            </span>
          </label>
        </div>
      </Fieldset>
      {offline && (
        <NeedsNetworkNote id="cause-form-offline">Saving a cause needs a connection.</NeedsNetworkNote>
      )}
      <Button
        type="submit"
        disabled={offline}
        aria-describedby={offline ? 'cause-form-offline' : undefined}
        pending={isSubmitting}
        pendingLabel={pendingLabel}
        className="sm:self-start"
      >
        {submitLabel}
      </Button>
    </form>
  );
}
