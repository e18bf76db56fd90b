import { renderMerge, type MergeValues } from '../../../contract/campaigns';
import { escapeHtml } from '../escape-html';
import type { EmailMessage } from './providers';

/**
 * One recipient's email: the merged subject and body as plain text (what the admin typed is text,
 * never HTML: it is escaped into the HTML part), a footer saying why they get it with the unsubscribe
 * link, List-Unsubscribe with One-Click (RFC 8058), and the open-tracking image in the HTML part.
 */
export function renderCampaignEmail(input: {
  to: string;
  subject: string;
  body: string;
  values: MergeValues;
  /** 'platform' for the newsletter, else the member's NGO. */
  scope: string;
  unsubscribeUrl: string;
  openPixelUrl: string;
  messageId: string;
}): EmailMessage {
  const subject = renderMerge(input.subject, input.values).replace(/[\r\n]+/g, ' ');
  const body = renderMerge(input.body, input.values);
  const why =
    input.scope === 'platform'
      ? 'You receive this because you subscribed to the NGO Portal newsletter.'
      : `You receive this as a member of ${input.values.ngo} on NGO Portal.`;
  const text = `${body}\n\n--\n${why}\nUnsubscribe: ${input.unsubscribeUrl}\n`;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
${paragraphs}
<hr><p style="font-size:12px;color:#555">${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>
<img src="${escapeHtml(input.openPixelUrl)}" width="1" height="1" alt="">
</body></html>`;
  return {
    to: input.to,
    subject,
    text,
    html,
    messageId: input.messageId,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
