import { Link } from '@tanstack/react-router';
import { textLinkClass } from './text-link';
import { ResendVerificationForm } from './resend-verification-form';

/** After sign-up (no token in the address): asks the user to open the emailed link. */
export function CheckEmailScreen({ email }: { email?: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800 dark:text-slate-200">
        {email ? (
          <>
            We sent a verification link to <strong className="break-all">{email}</strong>.
          </>
        ) : (
          'We sent a verification link to your email address.'
        )}{' '}
        Open it to activate your account.
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Nothing arrived? Check your spam folder, or send the link again.
      </p>
      <ResendVerificationForm defaultEmail={email} />
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Already verified?{' '}
        <Link to="/signin" className={textLinkClass}>
          Sign In
        </Link>
      </p>
    </div>
  );
}
