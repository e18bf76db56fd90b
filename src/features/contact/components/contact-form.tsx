import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '@/lib/notify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { newIdempotencyKey, OutboxRejectedError, queuedMessage, startOutbox } from '@/lib/outbox';
import { useUnsavedInput } from '@/lib/unsaved-input';
import {
  contactMessageSchema,
  useSendContactMessage,
  type ContactMessageFormValues,
  type ContactMessageInput,
} from '../api/send-contact-message';
import { TextAreaField } from '@/components/ui/text-area-field';

const formFields = ['name', 'email', 'organisation', 'subject', 'message'] as const;
type FormField = (typeof formFields)[number];
const isFormField = (name: string): name is FormField => (formFields as readonly string[]).includes(name);

const emptyForm: ContactMessageFormValues = {
  name: '',
  email: '',
  organisation: '',
  subject: '',
  message: '',
};

export function ContactForm() {
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per message, made at the first keystroke: kept across resends of the same message
  // (also after a refusal, which the server does not store), replaced once it has gone or is queued.
  const idempotencyKey = useRef<string | null>(null);
  const keyForThisMessage = () => (idempotencyKey.current ??= newIdempotencyKey());

  // Wherever a write can start, the queue is sent too (idempotent if the page's entry started it).
  useEffect(startOutbox, []);
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
  // An app update waits while the message is written but not yet sent (or queued).
  useUnsavedInput(isDirty);

  const onValid = (body: ContactMessageInput) => {
    setSent(null);
    setFailure(null);
    send.mutate(
      { body, idempotencyKey: keyForThisMessage() },
      {
        onSuccess: (result) => {
          idempotencyKey.current = null;
          reset(emptyForm);
          if (result.status === 'sent') {
            setSent({ tone: 'success', text: result.response.message });
            notify.success(result.response.message);
          } else {
            const text = queuedMessage('message', result.reason);
            setSent({ tone: 'info', text });
            notify.message(text);
          }
        },
        onError: (error) => {
          const fields = Object.entries(error instanceof OutboxRejectedError ? (error.fields ?? {}) : {});
          const unmatched: string[] = [];
          let focused = false;
          for (const [name, message] of fields) {
            if (!isFormField(name)) {
              unmatched.push(message);
              continue;
            }
            setError(name, { type: 'server', message }, { shouldFocus: !focused });
            focused = true;
          }
          // Field errors sit on their inputs; anything else (429, storage refused) goes in the alert.
          if (!focused || unmatched.length)
            setFailure(
              unmatched.length
                ? unmatched.join(' ')
                : error instanceof OutboxRejectedError
                  ? error.message
                  : 'Your message could not be sent. Please try again.',
            );
        },
      },
    );
  };

  return (
    <form
      noValidate
      // Wrapped so handleSubmit (which reaches the key ref through onValid) runs on submit, not in render.
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      onInput={() => keyForThisMessage()}
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
      <Button type="submit" pending={send.isPending} pendingLabel="Sending..." className="sm:self-start">
        Send message
      </Button>
    </form>
  );
}
