import type { ReactNode } from 'react';
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
