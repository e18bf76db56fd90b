import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/** A failed load with its reason and a Retry. */
export function ChatError({
  error,
  fallback,
  onRetry,
  retrying,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert tone="error">
      <span className="flex flex-wrap items-center gap-3">
        {errorMessage(error, fallback)}
        <Button variant="secondary" onClick={onRetry} pending={retrying}>
          Retry
        </Button>
      </span>
    </Alert>
  );
}
