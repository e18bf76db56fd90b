import { Link } from '@tanstack/react-router';
import { useForgotPassword } from '../api/forgot-password';
import { EmailLinkForm } from './email-link-form';
import { textLinkClass } from './text-link';

/** Asks for a reset link. The server answers the same for every address, so nothing is revealed. */
export function ForgotPasswordForm() {
  return (
    <EmailLinkForm
      mutation={useForgotPassword()}
      submitLabel="Send reset link"
      fallback="Could not send the reset link. Please try again."
    >
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Remembered it?{' '}
        <Link to="/signin" className={textLinkClass}>
          Sign In
        </Link>
      </p>
    </EmailLinkForm>
  );
}
