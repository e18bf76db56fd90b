import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { useUnsavedInput } from '@/lib/unsaved-input';
import { signUpSchema, useSignUp, type SignUpFormValues, type SignUpInput } from '../api/sign-up';
import { applyServerError, serverErrorMessage } from '@/lib/form-errors';
import { textLinkClass } from './text-link';

/** Creates the organisation and its first admin, then sends them to the "check your email" page. */
const failed = 'Could not create the account. Please try again.';

export function SignUpForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<SignUpFormValues, unknown, SignUpInput>({
    resolver: zodResolver(signUpSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '', organizationName: '' },
  });
  useUnsavedInput(isDirty);

  const onValid = (values: SignUpInput) => {
    setFailure(null);
    signUp.mutate(values, {
      onSuccess: () => void navigate({ to: '/verify-email', search: { email: values.email } }),
      onError: (error) =>
        // The auth forms keep the alert even when every field message found its input.
        setFailure(
          applyServerError(error, setError, ['name', 'email', 'password', 'organizationName'], failed) ??
            serverErrorMessage(error, failed),
        ),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
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
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <Field
        label="Organisation name"
        autoComplete="organization"
        error={errors.organizationName?.message}
        {...register('organizationName')}
      />
      <OnlineSubmitButton
        offlineReason="Creating an account needs a connection."
        pending={signUp.isPending || signUp.isSuccess}
        pendingLabel="Creating account..."
      >
        Create account
      </OnlineSubmitButton>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Already have an account?{' '}
        <Link to="/signin" className={textLinkClass}>
          Sign In
        </Link>
      </p>
    </form>
  );
}
