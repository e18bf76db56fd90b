import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '@/lib/notify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { apiErrorBody, errorMessage, errorStatus } from '@/lib/api-client';
import {
  contactMessageSchema,
  useSendContactMessage,
  type ContactMessageFormValues,
  type ContactMessageInput,
} from '../api/send-contact-message';
import { newIdempotencyKey } from '../idempotency-key';
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
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per message: kept across retries of the same message, replaced once it has gone.
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ContactMessageFormValues, unknown, ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    mode: 'onTouched',
    defaultValues: emptyForm,
  });

  const onValid = (body: ContactMessageInput) => {
    setSent(null);
    setFailure(null);
    const key = idempotencyKey ?? newIdempotencyKey();
    setIdempotencyKey(key);
    send.mutate(
      { body, idempotencyKey: key },
      {
        onSuccess: ({ message }) => {
          setIdempotencyKey(null);
          reset(emptyForm);
          setSent(message);
          notify.success(message);
        },
        onError: (error) => {
          // A refused message will be edited before it is sent again, so it gets a new key; after a
          // network error or a 5xx the same message is retried under the same key.
          const status = errorStatus(error);
          if (status && status < 500) setIdempotencyKey(null);
          const fields = Object.entries(apiErrorBody(error)?.fields ?? {});
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
          // Field errors sit on their inputs; anything else (429, a network error) goes in the alert.
          if (!focused || unmatched.length)
            setFailure(
              unmatched.length
                ? unmatched.join(' ')
                : errorMessage(error, 'Your message could not be sent. Please try again.'),
            );
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      {sent && <Alert tone="success">{sent}</Alert>}
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
