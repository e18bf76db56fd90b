import type { QueryClient } from '@tanstack/react-query';
import { clearSession } from './session';

/** Logout forgets the stored session and everything cached for this user (a phone may be shared). */
export function logout(queryClient: QueryClient, navigateToSignIn: () => void) {
  clearSession();
  queryClient.clear();
  navigateToSignIn();
}
