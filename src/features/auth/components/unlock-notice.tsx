import { useRouter } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { useUnlockAccount } from '../api/unlock-account';
import { applyServerError } from '@/lib/form-errors';

/**
 * The emailed unlock link opens the sign-in page with `?unlock=<token>` (the spec has no page of
 * its own for it): the token is spent once, the outcome is shown above the form, and the token
 * leaves the address bar so a reload or a shared screenshot does not carry it.
 */
export function UnlockNotice({ token }: { token: string }) {
  const router = useRouter();
  const { mutate, status, data, error } = useUnlockAccount();
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice; a second call would spend the one-time token and report token_used.
    if (sentToken.current === token) return;
    sentToken.current = token;
    mutate(
      { token },
      {
        onSettled: () => {
          const { pathname, searchStr, hash } = router.state.location;
          const params = new URLSearchParams(searchStr);
          params.delete('unlock');
          const query = params.toString();
          router.history.replace(`${pathname}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`);
        },
      },
    );
  }, [token, mutate, router]);

  if (status === 'success') return <Alert tone="success">{data.message}</Alert>;
  if (status === 'error') {
    return (
      <Alert tone="error">
        {applyServerError(error, undefined, [], 'We could not unlock your account. Please try again.')}
      </Alert>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <Loader2 aria-hidden className="size-4 animate-spin" />
      Unlocking your account...
    </p>
  );
}
