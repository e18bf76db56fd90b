import {
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_SUBJECT_MAX,
  type CampaignCreate,
  type MergeField,
} from '@contract/campaigns';
import { useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { TextAreaField } from '@/components/ui/text-area-field';
import type { ComposerValues } from '../composer-form';
import { MergeFieldButtons } from './merge-field-buttons';
import { SmsCounter } from './sms-counter';

type TextTarget = 'subject' | 'body';

/**
 * The campaign's name (for the list), its subject and message, with the merge-field buttons; under
 * the message, the SMS counter when SMS is one of the channels.
 */
export function MessageFields() {
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitted },
  } = useFormContext<ComposerValues, unknown, CampaignCreate>();
  const [body, channels] = useWatch({ control, name: ['body', 'channels'] });
  const elements = useRef<{ subject: HTMLInputElement | null; body: HTMLTextAreaElement | null }>({
    subject: null,
    body: null,
  });
  const [target, setTarget] = useState<TextTarget>('body');
  const counterId = useId();
  const sms = channels.includes('sms');

  const insert = (field: MergeField) => {
    const element = elements.current[target];
    const value = getValues(target);
    const tag = `{{${field}}}`;
    // The cursor (or the selection, which the tag replaces); the end when the field was never used.
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    setValue(target, value.slice(0, start) + tag + value.slice(end), {
      shouldDirty: true,
      shouldTouch: true,
      shouldValidate: isSubmitted,
    });
    if (!element) return;
    element.focus();
    element.setSelectionRange(start + tag.length, start + tag.length);
  };

  const subject = register('subject');
  const message = register('body');
  return (
    <Fieldset legend="Message">
      <Field
        label="Campaign name"
        hint="For your list of campaigns; recipients do not see it."
        maxLength={CAMPAIGN_NAME_MAX}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <Field
        label="Subject"
        hint="The email’s subject and the notification’s title."
        maxLength={CAMPAIGN_SUBJECT_MAX}
        autoComplete="off"
        error={errors.subject?.message}
        {...subject}
        ref={(element) => {
          subject.ref(element);
          elements.current.subject = element;
        }}
        onFocus={() => setTarget('subject')}
      />
      <MergeFieldButtons target={target} onInsert={insert} />
      <TextAreaField
        label="Message"
        rows={8}
        maxLength={CAMPAIGN_BODY_MAX}
        hint="Plain text; line breaks are kept."
        describedBy={sms ? counterId : undefined}
        error={errors.body?.message}
        {...message}
        ref={(element) => {
          message.ref(element);
          elements.current.body = element;
        }}
        onFocus={() => setTarget('body')}
      />
      {sms && <SmsCounter id={counterId} text={body} />}
    </Fieldset>
  );
}
