import { useId, type ReactNode } from 'react';
import { useOffline } from '@/lib/connectivity';
import { Button, type ButtonProps } from './button';
import { cn } from './cn';

/** Why an action is disabled offline, shown next to it (and linked with aria-describedby). */
export const OFFLINE_REASON = 'You are offline. This needs a connection.';

export function NeedsNetworkNote({
  id,
  className,
  children = OFFLINE_REASON,
}: {
  id: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <p id={id} className={cn('text-sm text-amber-800 dark:text-amber-200', className)}>
      {children}
    </p>
  );
}

/**
 * A submit button for a form that only works online: disabled while offline, with the reason shown
 * above it and tied to it, so a field volunteer knows why nothing happens and nothing is half-sent.
 */
export function OnlineSubmitButton({
  offlineReason,
  disabled,
  ...props
}: ButtonProps & { offlineReason: string }) {
  const offline = useOffline();
  const noteId = useId();
  return (
    <>
      {offline && <NeedsNetworkNote id={noteId}>{offlineReason}</NeedsNetworkNote>}
      <Button
        type="submit"
        {...props}
        disabled={offline || disabled}
        aria-describedby={offline ? noteId : props['aria-describedby']}
      />
    </>
  );
}
