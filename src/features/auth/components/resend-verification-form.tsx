import { useResendVerification } from '../api/resend-verification';
import { EmailLinkForm } from './email-link-form';

/** Email field plus 'Send the link again'; the answer is the same whether or not the account exists. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  return (
    <EmailLinkForm
      mutation={useResendVerification()}
      submitLabel="Send the link again"
      fallback="Could not send the link. Please try again."
      variant="secondary"
      defaultEmail={defaultEmail}
    />
  );
}
