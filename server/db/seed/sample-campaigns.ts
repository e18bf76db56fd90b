import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '..';
import { renderMerge, type MergeValues } from '../../../contract/campaigns';
import { writeRecipients } from '../../services/campaigns/segments';
import { newId } from '../../services/ids';
import { campaignRecipients, campaigns, notifications, users } from '../schema';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Demo members' phone numbers for text messages (Rwandan, E.164), by email. */
export const SAMPLE_PHONES: Record<string, string> = {
  'ngoadmin@demo.ngo': '+250788100003',
  'staff@demo.ngo': '+250788100004',
  'volunteer@demo.ngo': '+250788100005',
  'analyst@demo.ngo': '+250788100006',
};

/** The demo's past campaign: sent yesterday to every member by email and in the app. */
export const SAMPLE_CAMPAIGN = {
  name: 'International Volunteer Day thank-you',
  subject: 'Thank you, {{first_name}}',
  body:
    'Dear {{name}},\n\nOn International Volunteer Day we want to thank you for everything you give to ' +
    '{{ngo}}. The school feeding programme reached 1,240 children this term because of people like you.\n\n' +
    'See you at the end-of-year gathering on 19 December.\n\nNadia, for the team',
  /** What became of two of its emails, so the report has a failure to retry and a bounce. */
  bounced: { email: 'viewer@demo.ngo', error: '550 5.1.1 Mailbox unavailable' },
  failed: { email: 'analyst@demo.ngo', error: '421 4.7.0 Try again later (4 attempts)' },
  /** Who opened the email (the tracking image loaded). */
  opened: ['ngoadmin@demo.ngo', 'volunteer@demo.ngo', 'staff@demo.ngo'],
} as const;

/** The demo's scheduled campaign: next week, to the volunteers, by email and in the app. */
export const SCHEDULED_CAMPAIGN = {
  name: 'December field visits',
  subject: 'Field visits next week, {{first_name}}',
  body: 'Hello {{first_name}},\n\nThe December field visits to Nyamata and Gashora start next Monday. Reply in Team Chat to join a visit.',
} as const;

/**
 * Bulk notifications samples (issue 16): phone numbers for some demo members, a past campaign with its
 * recipients in every final status and its in-app notifications, and a scheduled one. Once: not while
 * the demo NGO has any campaign. The scheduled one gets its start job when the campaign worker starts
 * (it queues every scheduled campaign it finds: campaign-worker.ts).
 */
export async function seedSampleCampaigns(tx: DbExecutor, ngoId: string, now: Date): Promise<boolean> {
  const [existing] = await tx.select({ n: count() }).from(campaigns).where(eq(campaigns.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  const [author] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.email, 'ngoadmin@demo.ngo')))
    .limit(1);
  if (!author) return false;
  for (const [email, phone] of Object.entries(SAMPLE_PHONES))
    await tx
      .update(users)
      .set({ phone })
      .where(and(eq(users.ngoId, ngoId), eq(users.email, email), isNull(users.phone)));

  const sentAt = new Date(now.getTime() - DAY_MS);
  const pastId = newId();
  const segment = { kind: 'members' as const, roles: [], ngoIds: [] };
  await tx.insert(campaigns).values({
    id: pastId,
    ngoId,
    createdBy: author.id,
    name: SAMPLE_CAMPAIGN.name,
    subject: SAMPLE_CAMPAIGN.subject,
    body: SAMPLE_CAMPAIGN.body,
    channels: ['email', 'in_app'],
    segment,
    status: 'sending',
    sendAt: sentAt,
    startedAt: sentAt,
    createdAt: new Date(sentAt.getTime() - 20 * MINUTE_MS),
  });
  // The recipients the real segment gives, then each settled as the send went.
  await writeRecipients(
    tx,
    { id: pastId, channels: ['email', 'in_app'], segment },
    { role: 'NGO_ADMIN', ngoId },
  );
  const settled = new Date(sentAt.getTime() + 2 * MINUTE_MS);
  await tx
    .update(campaignRecipients)
    .set({ status: 'sent', attempts: 1, sentAt: settled, settledAt: settled, claimedAt: sentAt })
    .where(and(eq(campaignRecipients.campaignId, pastId), eq(campaignRecipients.status, 'queued')));
  for (const [status, which] of [
    ['bounced', SAMPLE_CAMPAIGN.bounced],
    ['failed', SAMPLE_CAMPAIGN.failed],
  ] as const) {
    await tx
      .update(campaignRecipients)
      .set({ status, error: which.error, sentAt: null, attempts: status === 'failed' ? 5 : 1 })
      .where(
        and(
          eq(campaignRecipients.campaignId, pastId),
          eq(campaignRecipients.channel, 'email'),
          eq(campaignRecipients.address, which.email),
        ),
      );
  }
  await tx.execute(
    sql`update campaign_recipients set opened_at = ${new Date(settled.getTime() + 45 * MINUTE_MS)}
      where campaign_id = ${pastId} and channel = 'email' and status = 'sent'
        and address in (${sql.join(
          SAMPLE_CAMPAIGN.opened.map((a) => sql`${a}`),
          sql`, `,
        )})`,
  );
  const inApp = await tx
    .select({
      id: campaignRecipients.id,
      userId: campaignRecipients.userId,
      values: campaignRecipients.values,
    })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, pastId), eq(campaignRecipients.channel, 'in_app')));
  if (inApp.length)
    await tx.insert(notifications).values(
      inApp.flatMap((r) =>
        r.userId
          ? [
              {
                id: newId(),
                userId: r.userId,
                ngoId,
                campaignId: pastId,
                recipientId: r.id,
                title: renderMerge(SAMPLE_CAMPAIGN.subject, r.values as MergeValues),
                body: renderMerge(SAMPLE_CAMPAIGN.body, r.values as MergeValues),
                createdAt: settled,
              },
            ]
          : [],
      ),
    );
  await tx.update(campaigns).set({ status: 'sent', finishedAt: settled }).where(eq(campaigns.id, pastId));

  await tx.insert(campaigns).values({
    id: newId(),
    ngoId,
    createdBy: author.id,
    name: SCHEDULED_CAMPAIGN.name,
    subject: SCHEDULED_CAMPAIGN.subject,
    body: SCHEDULED_CAMPAIGN.body,
    channels: ['email', 'in_app'],
    segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
    status: 'scheduled',
    sendAt: new Date(now.getTime() + 6 * DAY_MS),
    createdAt: new Date(now.getTime() - 2 * 60 * MINUTE_MS),
  });
  return true;
}
