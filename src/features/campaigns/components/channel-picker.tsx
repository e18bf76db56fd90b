import { campaignChannelLabels, type CampaignCreate } from '@contract/campaigns';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { ComposerValues } from '../composer-form';
import { CAMPAIGN_CHANNELS } from '../campaigns-search';
import { formatCount } from '../format';
import { CheckboxGroup } from './checkbox-group';

/**
 * Email, in-app notification, SMS. Beside each, how many of the audience it reaches once counted;
 * newsletter subscribers gave only an address, so for them email is the one channel.
 */
export function ChannelPicker({
  byChannel,
  smsAvailable,
}: {
  byChannel: Partial<Record<string, number>> | undefined;
  /** False when the server has no SMS provider: SMS is then offered as unavailable. Unknown: offered. */
  smsAvailable: boolean | undefined;
}) {
  const { control } = useFormContext<ComposerValues, unknown, CampaignCreate>();
  const segmentKind = useWatch({ control, name: 'segmentKind' });
  const newsletter = segmentKind === 'newsletter';
  return (
    <Controller
      control={control}
      name="channels"
      render={({ field, fieldState }) => (
        <CheckboxGroup
          legend="Channels"
          name={field.name}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            field.onBlur();
          }}
          error={fieldState.error?.message}
          hint={newsletter ? 'Newsletter subscribers can only be emailed.' : undefined}
          options={CAMPAIGN_CHANNELS.map((channel) => {
            const reached = byChannel?.[channel];
            const noSms = channel === 'sms' && smsAvailable === false;
            return {
              value: channel,
              label: campaignChannelLabels[channel],
              disabled: (newsletter && channel !== 'email') || noSms,
              note: noSms
                ? 'Not set up on this server yet (an administrator adds an SMS provider).'
                : reached === undefined
                  ? undefined
                  : `${formatCount(reached)} recipient${reached === 1 ? '' : 's'}`,
            };
          })}
        />
      )}
    />
  );
}
