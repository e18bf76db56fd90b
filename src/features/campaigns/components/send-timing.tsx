import type { CampaignCreate } from '@contract/campaigns';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import type { ComposerValues } from '../composer-form';
import { toLocalInput } from '../schedule';

/** The device's zone, said beside the time so nobody schedules 09:00 in the wrong one. */
function zoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'your device’s time zone';
  } catch {
    return 'your device’s time zone';
  }
}

/** Send now, or at a date and time (the device's zone). */
export function SendTiming() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ComposerValues, unknown, CampaignCreate>();
  const mode = useWatch({ control, name: 'sendMode' });
  return (
    <Fieldset legend="When">
      <div
        role="radiogroup"
        aria-label="When it goes out"
        className="flex flex-col gap-1 sm:flex-row sm:gap-6"
      >
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input type="radio" value="now" className="size-5 accent-brand-600" {...register('sendMode')} />
          Send now
        </label>
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="radio"
            value="schedule"
            className="size-5 accent-brand-600"
            {...register('sendMode')}
          />
          Schedule
        </label>
      </div>
      {mode === 'schedule' && (
        <div className="sm:max-w-xs">
          <Field
            label="Send at"
            type="datetime-local"
            min={toLocalInput(new Date())}
            hint={`In ${zoneName()}. You can cancel it until then.`}
            error={errors.sendAt?.message}
            {...register('sendAt')}
          />
        </div>
      )}
    </Fieldset>
  );
}
