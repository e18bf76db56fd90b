import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  resendVerificationSchema,
  useResendVerification,
  type ResendVerificationFormValues,
  type ResendVerificationInput,
} from '../api/resend-verification';
import { applyServerError } from '../form-errors';

/** Email field plus 'Send the link again'; the answer is the same whether or not the account exists. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResendVerificationFormValues, unknown, ResendVerificationInput>({
    resolver: zodResolver(resendVerificationSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });

  const onValid = (values: ResendVerificationInput) => {
    setSent(null);
    setFailure(null);
    resend.mutate(values, {
      onSuccess: ({ message }) => setSent(message),
      onError: (error) =>
        setFailure(
          applyServerError(error, {
            setError,
            fields: ['email'],
            fallback: 'Could not send the link. Please try again.',
          }),
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
      <Button type="submit" variant="secondary" pending={resend.isPending} pendingLabel="Sending...">
        Send the link again
      </Button>
    </form>
  );
}
