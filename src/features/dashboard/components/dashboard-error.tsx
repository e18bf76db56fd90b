import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

export function DashboardError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">
        <p className="font-semibold">We couldn&apos;t load your dashboard.</p>
        <p>{errorMessage(error, 'Something went wrong on our side. Please try again.')}</p>
      </Alert>
      <Button variant="secondary" onClick={onRetry} pending={retrying} pendingLabel="Trying again...">
        {!retrying && <RefreshCw aria-hidden className="size-4" />}
        Try again
      </Button>
    </div>
  );
}
