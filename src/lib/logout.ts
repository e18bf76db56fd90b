import type { QueryClient } from '@tanstack/react-query';
import { clearSession, getStoredUser, storageKeys } from './session';
import { countUnsentForUser, wipeUserData } from './user-data-wipe';

/** The signed-in user's id, from the stored user or its userId copy. */
export function currentUserId(): string | null {
  if (typeof localStorage === 'undefined') return null;
  return getStoredUser()?.id ?? localStorage.getItem(storageKeys.userId);
}

/** How many of the signed-in user's writes a logout would delete (asked before logging out). */
export const unsentBeforeLogout = () => countUnsentForUser(currentUserId());

/**
 * Logout forgets the stored session and everything this device holds for the user, unsent writes
 * included (the caller has warned about those): a phone may be shared.
 */
export async function logout(queryClient: QueryClient, navigateToSignIn: () => void) {
  const userId = currentUserId();
  clearSession();
  await wipeUserData(queryClient, userId, { includeUnsent: true });
  navigateToSignIn();
}
