import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { useUnsavedInput } from '@/lib/unsaved-input';
import { useResendVerification } from '../api/resend-verification';
import { signInSchema, useSignIn, type SignInFormValues, type SignInInput } from '../api/sign-in';
import { applyServerError, serverErrorCode, serverErrorMessage } from '@/lib/form-errors';
import { textLinkClass } from './text-link';
import { UnlockNotice } from './unlock-notice';

const failed = 'Sign-in failed. Please try again.';

interface Failure {
  message: string;
  code?: string;
  email: string;
}

/**
 * Email and password; on success the session is stored and the user goes back to where the
 * portal guard found them (`redirectTo`, path plus search), or to the dashboard. With
 * `unlockToken` (the emailed unlock link) it first lifts the lock on the account.
 */
export function SignInForm({ redirectTo, unlockToken }: { redirectTo?: string; unlockToken?: string }) {
  const router = useRouter();
  // Kept from the first render: the notice takes the token out of the URL, and must stay on screen.
  const [unlock] = useState(unlockToken);
  const signIn = useSignIn();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<SignInFormValues, unknown, SignInInput>({
    resolver: zodResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  useUnsavedInput(isDirty);

  const onValid = (values: SignInInput) => {
    setFailure(null);
    signIn.mutate(values, {
      // history.push takes the remembered href as is, search included.
      onSuccess: () => router.history.push(safeRedirectTarget(redirectTo)),
      onError: (error) =>
        setFailure({
          // The auth forms keep the alert even when every field message found its input.
          message:
            applyServerError(error, setError, ['email', 'password'], failed) ??
            serverErrorMessage(error, failed),
          code: serverErrorCode(error),
          email: values.email,
        }),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      {unlock && <UnlockNotice token={unlock} />}
      {failure && (
        <div className="flex flex-col gap-3">
          <Alert tone="error">{failure.message}</Alert>
          {failure.code === 'email_not_verified' && <ResendLinkButton email={failure.email} />}
        </div>
      )}
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
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="-mt-1 text-right text-sm">
        <Link to="/forgot-password" className={textLinkClass}>
          Forgot your password?
        </Link>
      </div>
      <OnlineSubmitButton
        offlineReason="Signing in needs a connection."
        pending={signIn.isPending || signIn.isSuccess}
        pendingLabel="Signing in..."
      >
        Sign In
      </OnlineSubmitButton>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        New to NGO Portal?{' '}
        <Link to="/signup" className={textLinkClass}>
          Start for Free
        </Link>
      </p>
    </form>
  );
}

/** Shown when the server refuses an unverified address: one tap sends a fresh link to it. */
function ResendLinkButton({ email }: { email: string }) {
  const resend = useResendVerification();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {resend.isSuccess ? (
        <Alert tone="success">{resend.data.message}</Alert>
      ) : (
        <Button
          variant="secondary"
          pending={resend.isPending}
          pendingLabel="Sending..."
          onClick={() => {
            setFailure(null);
            resend.mutate(
              { email },
              {
                onError: (error) =>
                  setFailure(
                    applyServerError(error, undefined, [], 'Could not send the link. Please try again.'),
                  ),
              },
            );
          }}
        >
          Send the link again
        </Button>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}
