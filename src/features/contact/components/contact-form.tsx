import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '@/lib/notify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { queuedMessage } from '@/lib/outbox';
import { useUnsavedInput } from '@/lib/unsaved-input';
import {
  contactMessageRequestBody,
  contactMessageSchema,
  useSendContactMessage,
  type ContactMessageFormValues,
  type ContactMessageInput,
} from '../api/send-contact-message';
import { TextAreaField } from '@/components/ui/text-area-field';

const emptyForm: ContactMessageFormValues = {
  name: '',
  email: '',
  organisation: '',
  subject: '',
  message: '',
};

export function ContactForm() {
  const [sent, setSent] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ContactMessageFormValues, unknown, ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    mode: 'onTouched',
    defaultValues: emptyForm,
  });
  const submit = useSendContactMessage(setError);
  // An app update waits while the message is written but not yet sent (or queued).
  useUnsavedInput(isDirty);

  const onValid = async (values: ContactMessageInput) => {
    setSent(null);
    setFailure(null);
    const outcome = await submit.send(contactMessageRequestBody(values));
    if (outcome.status === 'attention') {
      // Field messages sit on their inputs; anything else (429, storage refused) goes in the alert.
      setFailure(outcome.alert);
      return;
    }
    reset(emptyForm);
    if (outcome.status === 'sent') {
      setSent({ tone: 'success', text: outcome.response.message });
      notify.success(outcome.response.message);
    } else {
      const text = queuedMessage('message', outcome.reason);
      setSent({ tone: 'info', text });
      notify.message(text);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      // The message's Idempotency-Key dates from its first keystroke.
      onInput={submit.start}
      className="flex flex-col gap-4"
    >
      {sent && <Alert tone={sent.tone}>{sent.text}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Organisation (optional)"
        autoComplete="organization"
        error={errors.organisation?.message}
        {...register('organisation')}
      />
      <Field label="Subject" error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" rows={8} error={errors.message?.message} {...register('message')} />
      <Button type="submit" pending={submit.pending} pendingLabel="Sending..." className="sm:self-start">
        Send message
      </Button>
    </form>
  );
}
