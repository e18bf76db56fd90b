import type { CauseDetail, CreateCauseBody } from '@contract/causes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { apiErrorBody, errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { useIdempotencyKey } from '@/lib/idempotency';
import { useUnsavedInput } from '@/lib/unsaved-input';
import {
  causeBodyFromForm,
  causeCurrencies,
  causeFormSchemaFor,
  formFieldOfBodyField,
  MAX_SUGGESTED_AMOUNTS,
  type CauseFormValues,
} from '../cause-form';

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <legend className="px-1 text-base font-bold">{legend}</legend>
      {children}
    </fieldset>
  );
}

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
  const keyFor = useIdempotencyKey();
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
    try {
      onSaved(await onSave(body, keyFor(body)));
    } catch (error) {
      const unmatched: string[] = [];
      let focused = false;
      for (const [name, message] of Object.entries(apiErrorBody(error)?.fields ?? {})) {
        const field = formFieldOfBodyField[name];
        if (!field) {
          unmatched.push(message);
          continue;
        }
        setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      if (!focused || unmatched.length)
        setFailure(
          unmatched.length ? unmatched.join(' ') : errorMessage(error, 'The cause could not be saved.'),
        );
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-6">
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
            <Field label="Currency" readOnly value={currency} aria-describedby="cause-currency-locked" />
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
