import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyBody, type EmailOnlyBody, type MessageResponse } from '@contract/auth';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { useUnsavedInput } from '@/lib/unsaved-input';
import { applyServerError, serverErrorMessage } from '@/lib/form-errors';

type EmailOnlyInput = z.output<typeof emailOnlyBody>;

/**
 * One email field that asks the server to mail a link (password reset, verification again). The
 * server answers the same whether or not the account exists, and that answer is shown as is.
 */
export function EmailLinkForm({
  mutation,
  submitLabel,
  fallback,
  variant,
  defaultEmail = '',
  children,
}: {
  mutation: UseMutationResult<MessageResponse, Error, EmailOnlyInput>;
  submitLabel: string;
  fallback: string;
  variant?: 'primary' | 'secondary';
  defaultEmail?: string;
  children?: ReactNode;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<EmailOnlyBody, unknown, EmailOnlyInput>({
    resolver: zodResolver(emailOnlyBody),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });
  useUnsavedInput(isDirty);

  const onValid = (values: EmailOnlyInput) => {
    setSent(null);
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: ({ message }) => setSent(message),
      onError: (error) =>
        // The auth forms keep the alert even when every field message found its input.
        setFailure(
          applyServerError(error, setError, ['email'], fallback) ?? serverErrorMessage(error, fallback),
        ),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      {sent && <Alert tone="success">{sent}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <OnlineSubmitButton
        offlineReason="Sending the email needs a connection."
        variant={variant}
        pending={mutation.isPending}
        pendingLabel="Sending..."
      >
        {submitLabel}
      </OnlineSubmitButton>
      {children}
    </form>
  );
}
