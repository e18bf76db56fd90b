import { apiBaseUrl, handleUnauthorized } from '@/lib/api-client';
import { readErrorBody } from '@/lib/server-error';
import { getToken } from '@/lib/session';

/**
 * GET /forms/{formId}/xlsform: the saved draft as an XLSForm (.xlsx) for Kobo, ODK or a spreadsheet.
 * The answer needs the user's token, so it is fetched and handed to the browser rather than linked.
 */
export async function exportXlsForm(formId: string): Promise<{ bytes: Blob; fileName: string | null }> {
  const token = getToken();
  const response = await fetch(`${apiBaseUrl}/forms/${encodeURIComponent(formId)}/xlsform`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  }).catch(() => {
    throw new Error(
      navigator.onLine
        ? 'The connection dropped. Try again.'
        : 'You are offline. Exporting needs a connection.',
    );
  });
  if (response.status === 401) await handleUnauthorized();
  if (!response.ok) {
    const problem = readErrorBody(await response.json().catch(() => null), response.status);
    throw new Error(problem?.message || `The export failed (${response.status}).`);
  }
  return { bytes: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** The file name a Content-Disposition gives (RFC 6266 `filename*` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A broken encoding: try the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}
