import { apiBaseUrl } from './api-client';
import { readErrorBody } from './server-error';
import { getToken } from './session';

/**
 * Bytes the API serves only with the user's token (a file, a thumbnail): an <img src> or a link
 * cannot carry the header, so they are fetched and shown or saved from memory. A refusal throws the
 * server's own message.
 */
export async function fetchAuthorizedBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${apiBaseUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(signal && { signal }),
  });
  if (!response.ok) {
    const problem = readErrorBody(await response.json().catch(() => null), response.status);
    throw new Error(problem?.message || `The file could not be fetched (${response.status}).`);
  }
  return response.blob();
}
