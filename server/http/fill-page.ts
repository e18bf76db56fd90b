import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import { FORM_DEFINITION_DATA_ID } from '../../contract/server-rendered-pages';
import type { AppBindings } from './context';

/** `<` escaped, so no text of the form (a label holding `</script>`) can end the data block. */
const asScriptJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The public fill page (ADR 0039): the fill entry's page with the published definition in it, as the
 * API answers it, so a phone renders the form without waiting for a second round trip. Asked from the
 * app's own API, so the page holds exactly what the browser would be answered. Any other answer (an
 * unknown or unpublished form, an error) leaves the page as built: it asks itself, and shows why.
 */
export async function fillPageHtml(
  app: Hono<AppBindings>,
  file: string,
  encodedFormId: string,
): Promise<string> {
  const [html, answer] = await Promise.all([
    readFile(file, 'utf8'),
    Promise.resolve(
      app.request(`/api/forms/${encodedFormId}/definition`, {
        headers: { 'accept-encoding': 'identity' },
      }),
    ).catch(() => undefined),
  ]);
  if (answer?.status !== 200) return html;
  const block = `<script type="application/json" id="${FORM_DEFINITION_DATA_ID}">${asScriptJson(await answer.text())}</script>`;
  return html.replace('</body>', () => `${block}</body>`);
}
