import { segmentKindLabels, type CampaignCreate } from '@contract/campaigns';
import { memberRoles } from '@contract/members';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import type { ComposerValues, SegmentKind } from '../composer-form';
import { roleLabel } from '../format';
import { CheckboxGroup } from './checkbox-group';
import { NgoPicker } from './ngo-picker';

const segmentHints: Record<SegmentKind, string> = {
  members: 'The active members of the organisation, of every role or of the roles you tick.',
  volunteers_with_hours:
    'Volunteers whose approved hours in a period reach a minimum: a thank-you, a certificate.',
  newsletter: 'People who signed up on the website’s newsletter form. Email only.',
};

/**
 * Who receives it: members (by role), volunteers with hours in a period, or, for SUPER_ADMIN, the
 * website's newsletter subscribers; SUPER_ADMIN also names the organisations.
 */
export function SegmentPicker({ superAdmin }: { superAdmin: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ComposerValues, unknown, CampaignCreate>();
  const kind = useWatch({ control, name: 'segmentKind' });
  const kindErrorId = useId();
  const kindHintBase = useId();
  const kinds: SegmentKind[] = superAdmin
    ? ['members', 'volunteers_with_hours', 'newsletter']
    : ['members', 'volunteers_with_hours'];

  return (
    <Fieldset legend="Recipients">
      <fieldset
        className="min-w-0"
        aria-invalid={errors.segmentKind ? true : undefined}
        aria-describedby={errors.segmentKind ? kindErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          Who receives it
        </legend>
        <div className="flex flex-col gap-0.5">
          {kinds.map((k) => (
            <label key={k} className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
              <input
                type="radio"
                value={k}
                aria-labelledby={`${kindHintBase}-${k}-label`}
                aria-describedby={`${kindHintBase}-${k}`}
                className="mt-0.5 size-5 shrink-0 accent-brand-600"
                {...register('segmentKind')}
              />
              <span className="min-w-0">
                {/* The name is the title alone (aria-labelledby); the line under it describes it. */}
                <span id={`${kindHintBase}-${k}-label`} className="block text-sm font-medium">
                  {segmentKindLabels[k]}
                </span>
                <span
                  id={`${kindHintBase}-${k}`}
                  className="block text-xs text-slate-600 dark:text-slate-400"
                >
                  {segmentHints[k]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.segmentKind?.message && (
          <p id={kindErrorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {errors.segmentKind.message}
          </p>
        )}
      </fieldset>

      {kind === 'members' && (
        <Controller
          control={control}
          name="roles"
          render={({ field, fieldState }) => (
            <CheckboxGroup
              legend="Roles"
              name={field.name}
              columns
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              hint="None ticked: every member."
              options={memberRoles.map((role) => ({ value: role, label: roleLabel(role) }))}
            />
          )}
        />
      )}

      {kind === 'volunteers_with_hours' && (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="From"
            type="date"
            error={errors.from?.message}
            {...register('from', { deps: ['to'] })}
          />
          <Field label="To" type="date" error={errors.to?.message} {...register('to')} />
          <Field
            label="Minimum hours"
            inputMode="decimal"
            autoComplete="off"
            hint="Approved hours in the period."
            error={errors.minHours?.message}
            {...register('minHours')}
          />
        </div>
      )}

      {superAdmin && kind !== 'newsletter' && (
        <Controller
          control={control}
          name="ngoIds"
          render={({ field, fieldState }) => (
            <NgoPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      )}
    </Fieldset>
  );
}
