export { OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from '@contract/outbox-protocol';
export { outbox } from './default-outbox';
export { defineOutboxAction, type DefinedOutboxAction } from './define-action';
export { startOutbox } from './start';
export { useOutbox } from './use-outbox';
export { useOutboxSubmit, type OutboxSubmitOptions, type OutboxSubmitOutcome } from './use-outbox-submit';
export { queuedMessage } from './queued-message';
export { registerSideQueue, useSideQueueItems, type SideQueue, type SideQueueItem } from './side-queues';
export type {
  OutboxAction,
  OutboxBody,
  OutboxEntry,
  OutboxError,
  OutboxSnapshot,
  SubmitResult,
} from './types';

import { outbox } from './default-outbox';

/** For the shared-phone logout: how many writes of this user have not reached the server. */
export const countUnsentForUser = (userId: string): Promise<number> => outbox.countUnsentForUser(userId);

/** Removes this user's entries, pending and needing attention; anonymous ones (newsletter) stay. */
export const clearOutboxForUser = (userId: string): Promise<void> => outbox.clearOutboxForUser(userId);

/** Writes kept from sessions that ended with a 401; the sign-in page offers to delete them. */
export const countUnsentOfSignedOutAccounts = (): Promise<number> => outbox.countUnsentOfSignedOutAccounts();
export const clearUnsentOfSignedOutAccounts = (): Promise<void> => outbox.clearUnsentOfSignedOutAccounts();
