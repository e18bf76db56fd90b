import { useMemo, useRef } from 'react';
import { answerRenewsKey } from '@/lib/idempotency';
import { newIdempotencyKey } from '@/lib/outbox/idempotency-key';

/**
 * One Idempotency-Key per kind of action on one form (publish, close, delete…), kept for a resend
 * of that action and renewed once the server has answered it (lib/idempotency's policy): a retried
 * publish after a lost answer is one publish, and a close after it is a new write.
 */
export function useActionKeys() {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      start(action: string): string {
        let key = keys.current.get(action);
        if (!key) {
          key = newIdempotencyKey();
          keys.current.set(action, key);
        }
        return key;
      },
      settle(action: string, status: number | undefined) {
        if (answerRenewsKey(status)) keys.current.delete(action);
      },
    }),
    [],
  );
}
