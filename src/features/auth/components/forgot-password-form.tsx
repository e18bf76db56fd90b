import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  forgotPasswordSchema,
  useForgotPassword,
  type ForgotPasswordFormValues,
  type ForgotPasswordInput,
} from '../api/forgot-password';
import { applyServerError } from '../form-errors';
import { textLinkClass } from './text-link';

/** Asks for a reset link. The server answers the same for every address, so nothing is revealed. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onValid = (values: ForgotPasswordInput) => {
    setSent(null);
    setFailure(null);
    forgot.mutate(values, {
      onSuccess: ({ message }) => setSent(message),
      onError: (error) =>
        setFailure(
          applyServerError(error, {
            setError,
            fields: ['email'],
            fallback: 'Could not send the reset link. Please try again.',
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
      <Button type="submit" pending={forgot.isPending} pendingLabel="Sending...">
        Send reset link
      </Button>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Remembered it?{' '}
        <Link to="/signin" className={textLinkClass}>
          Sign In
        </Link>
      </p>
    </form>
  );
}
