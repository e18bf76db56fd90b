import { fetchAuthorizedBlob } from '@/lib/authorized-blob';
import { saveBlob } from '@/lib/save-blob';
import { campaignPath } from './query-keys';

/** 'Water day reminder' → 'water-day-reminder'; a name of other scripts falls back to the id. */
const fileStem = (name: string, campaignId: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || campaignId;

/**
 * GET /api/campaigns/{id}/failures.csv (the failed and bounced recipients, with the provider's
 * answer): it needs the bearer token, so it is fetched and handed to the browser as a download. A
 * refusal throws the server's message.
 */
export async function downloadCampaignFailures(campaignId: string, name: string): Promise<void> {
  const bytes = await fetchAuthorizedBlob(`${campaignPath(campaignId)}/failures.csv`);
  saveBlob(bytes, `${fileStem(name, campaignId)}-failures.csv`);
}
