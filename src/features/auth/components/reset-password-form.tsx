import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { useUnsavedInput } from '@/lib/unsaved-input';
import {
  resetPasswordFormSchema,
  useResetPassword,
  type ResetPasswordFormValues,
} from '../api/reset-password';
import { applyServerError, serverError, serverErrorCode, serverErrorMessage } from '@/lib/form-errors';
import { textLinkClass } from './text-link';

const tokenProblems = new Set(['invalid_token', 'token_used', 'token_expired']);
const failed = 'Could not change the password. Please try again.';

/** Sets a new password with the token from the emailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [failure, setFailure] = useState<{ message: string; linkProblem: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  useUnsavedInput(isDirty);

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{reset.data.message}</Alert>
        <Link to="/signin" className={buttonClass('primary')}>
          Sign In
        </Link>
      </div>
    );
  }

  const onValid = ({ password }: ResetPasswordFormValues) => {
    setFailure(null);
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const code = serverErrorCode(error);
          setFailure({
            // The auth forms keep the alert even when every field message found its input.
            message:
              applyServerError(error, setError, ['password'], failed) ?? serverErrorMessage(error, failed),
            // A malformed token fails validation instead of the token check; it is the link's fault too.
            linkProblem:
              (code !== undefined && tokenProblems.has(code)) || Boolean(serverError(error)?.fields?.token),
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      {failure && (
        <Alert tone="error">
          {failure.message}
          {failure.linkProblem && (
            <>
              {' '}
              <Link to="/forgot-password" className="font-semibold underline">
                Ask for a new link
              </Link>
            </>
          )}
        </Alert>
      )}
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <OnlineSubmitButton
        offlineReason="Changing your password needs a connection."
        pending={reset.isPending}
        pendingLabel="Changing password..."
      >
        Change password
      </OnlineSubmitButton>
    </form>
  );
}

/** /reset-password opened without the token of the emailed link. */
export function ResetLinkMissing() {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info">
        This page needs the link from your password reset email, and that link is missing or incomplete. Open
        the link from the email again, or ask for a new one.
      </Alert>
      <Link to="/forgot-password" className={buttonClass('primary')}>
        Ask for a new link
      </Link>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        <Link to="/signin" className={textLinkClass}>
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}
