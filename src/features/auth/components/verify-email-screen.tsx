import { Link } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { useVerifyEmail } from '../api/verify-email';
import { applyServerError, serverErrorCode } from '@/lib/form-errors';
import { ResendVerificationForm } from './resend-verification-form';

/** The page the emailed link opens: verifies the token once, then says how it went. */
export function VerifyEmailScreen({ token }: { token: string }) {
  const { mutate, status, data, error } = useVerifyEmail();
  const verifiedToken = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice; a second call would spend the one-time token and report token_used.
    if (verifiedToken.current === token) return;
    verifiedToken.current = token;
    mutate({ token });
  }, [token, mutate]);

  if (status === 'success') {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{data.message}</Alert>
        <Link to="/signin" className={buttonClass('primary')}>
          Sign In
        </Link>
      </div>
    );
  }

  if (status === 'error') {
    const used = serverErrorCode(error) === 'token_used';
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">
          {applyServerError(error, undefined, [], 'We could not verify your email. Please try again.')}
        </Alert>
        {used && (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              If you already verified your address, you can sign in.
            </p>
            <Link to="/signin" className={buttonClass('primary')}>
              Sign In
            </Link>
          </div>
        )}
        <section aria-labelledby="resend-heading" className="flex flex-col gap-2">
          <h2 id="resend-heading" className="text-lg font-semibold">
            Need a new link?
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Enter the email you signed up with and we will send a new verification link.
          </p>
          <ResendVerificationForm />
        </section>
      </div>
    );
  }

  return (
    <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
      <Loader2 aria-hidden className="size-5 animate-spin" />
      Verifying your email...
    </p>
  );
}
