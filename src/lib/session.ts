// First: storage must be safe to touch before anything reads it (see storage-guard.ts).
import './storage-guard';
import type { SessionUser } from '@contract/auth';
import { normalizeRole } from '@contract/roles';

/** The browser-stored keys of SPEC §3; names are part of the contract with existing installs. */
export const storageKeys = {
  token: 'token',
  user: 'user',
  userRole: 'userRole',
  userId: 'userId',
  ngoId: 'ngoId',
} as const;

export interface StoredUser {
  id: string;
  role: string;
  name?: string;
  email?: string;
  ngoId?: string;
}

// Public pages are prerendered at build time, where there is no storage: nobody is signed in there.
const hasStorage = () => typeof localStorage !== 'undefined';

export function getToken(): string | null {
  return hasStorage() ? localStorage.getItem(storageKeys.token) : null;
}

export const isSignedIn = () => Boolean(getToken());

export function getStoredUser(): StoredUser | null {
  if (!hasStorage()) return null;
  const raw = localStorage.getItem(storageKeys.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as StoredUser;
    if (!user || typeof user !== 'object') return null;
    // Older installs may lack the userId copy; the spec asks for it to be filled in.
    if (user.id && !localStorage.getItem(storageKeys.userId))
      localStorage.setItem(storageKeys.userId, user.id);
    return user;
  } catch {
    return null;
  }
}

/** The role is read from the stored user, falling back to the stored userRole copy. */
export function getStoredRole(): string {
  return normalizeRole(
    getStoredUser()?.role ?? (hasStorage() ? localStorage.getItem(storageKeys.userRole) : null),
  );
}

/**
 * Fired on `window` once a user has signed in (saveSession): what waits for a session without a page
 * load goes on then, e.g. files kept on the device to upload after a 401 (features' offline.ts).
 */
const SIGNED_IN_EVENT = 'session:signed-in';

/** Calls `listener` after each sign-in in this page; returns the unsubscribe. */
export function onSignedIn(listener: () => void): () => void {
  window.addEventListener(SIGNED_IN_EVENT, listener);
  return () => window.removeEventListener(SIGNED_IN_EVENT, listener);
}

export function saveSession(token: string, user: SessionUser) {
  localStorage.setItem(storageKeys.token, token);
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({ id: user.id, role: user.role, name: user.name, email: user.email, ngoId: user.ngoId }),
  );
  localStorage.setItem(storageKeys.userRole, user.role);
  localStorage.setItem(storageKeys.userId, user.id);
  localStorage.setItem(storageKeys.ngoId, user.ngoId);
  window.dispatchEvent(new Event(SIGNED_IN_EVENT));
}

export function clearSession() {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
}

/** 'Signed in as' shows the name, else the email, else 'User'. */
export function displayName(user: StoredUser | null): string {
  return user?.name?.trim() || user?.email?.trim() || 'User';
}
