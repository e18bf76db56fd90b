import { formatBytes } from '../../../contract/format-bytes';
import { plainPage as page } from '../../http/plain-page';
import { escapeHtml } from '../../services/escape-html';

/*
 * The public page of a share link, /s/{token}: plain HTML with no script (the CSP forbids inline
 * script, and a visitor on 2G needs nothing more), light or dark as the device prefers, at home on
 * a 360 px phone. The download is a link, or a form when the link asks for a password.
 */

export interface SharePageView {
  token: string;
  ngoName: string;
  fileName: string;
  sizeBytes: number;
  contentType: string;
  expiresAt: Date | null;
  needsPassword: boolean;
  /** Shown above the password field after a wrong one. */
  problem?: string;
}

const downloadPath = (token: string) => `/s/${encodeURIComponent(token)}/download`;

export function renderSharePage(view: SharePageView): string {
  const expiry = view.expiresAt
    ? `<p class="muted">This link works until ${escapeHtml(view.expiresAt.toUTCString())}.</p>`
    : '';
  const action = view.needsPassword
    ? `<form method="post" action="${downloadPath(view.token)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="off" required ${view.problem ? 'aria-invalid="true" aria-describedby="password-problem" autofocus' : ''}>
${view.problem ? `<p id="password-problem" role="alert">${escapeHtml(view.problem)}</p>` : ''}
<button class="button" type="submit">Download</button></form>`
    : `<a class="button" href="${downloadPath(view.token)}" download>Download</a>`;
  return page(
    view.fileName,
    `<section aria-labelledby="file-name"><p class="muted">${escapeHtml(view.ngoName)} shared a file with you</p>
<h1 id="file-name">${escapeHtml(view.fileName)}</h1>
<p class="muted">${escapeHtml(formatBytes(view.sizeBytes, 'en'))} · ${escapeHtml(view.contentType)}</p>${expiry}${action}</section>`,
  );
}

/** Unknown, revoked and ended links, and files in the trash, look alike: nothing to learn by probing. */
export function renderShareGonePage(): string {
  return page(
    'Link not available',
    `<section><h1>This link is not available</h1><p class="muted">It may have expired or been revoked, or the file was deleted. Ask the person who sent it for a new link.</p></section>`,
  );
}

export function renderShareBusyPage(wait: string): string {
  return page(
    'Too many attempts',
    `<section><h1>Too many attempts</h1><p role="alert">Too many wrong passwords for this link. Try again in ${escapeHtml(wait)}.</p></section>`,
  );
}
