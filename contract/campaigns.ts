import { z } from 'zod';
import { pageQuery } from './paging';
import { roles } from './roles';
import { day, instant, opaqueId, text } from './storable';

/*
 * Bulk notifications (issue 16, /admin/bulk-email, 'Send Notification'). An admin composes a
 * campaign: a subject and a body with merge fields, for one or more channels (email, in-app, SMS), to
 * a segment of people. It is sent now or at a set time. When it starts, its audience is resolved into
 * recipients (one per person and channel), and each recipient is a job of the durable queue (ADR
 * 0048, 0050) with retries, backoff and a per-provider rate limit. Every recipient ends in a final
 * status: sent, bounced (the provider refused the address for good), failed (retries ran out, or a
 * restart interrupted the send and it was not resent so nobody gets it twice), or unsubscribed. The
 * failures can be retried alone.
 *
 * Who may: SUPER_ADMIN (any NGO, and the platform's newsletter subscribers), ADMIN and NGO_ADMIN (their
 * own NGO's members). Everyone else gets 403; another NGO's campaign answers 404.
 *
 * Endpoints (all under /api; bearer unless said):
 * | Method | Path                               | Body / query        | Response                              |
 * |--------|------------------------------------|---------------------|---------------------------------------|
 * | GET    | /campaigns                         | campaignListQuery   | 200 campaign[] (paged: Next-Cursor)   |
 * | POST   | /campaigns                         | campaignCreate      | 201 campaignReport (Idempotency-Key)  |
 * | GET    | /campaigns/organisations           | – (SUPER_ADMIN)     | 200 campaignOrganisation[] by name    |
 * | POST   | /campaigns/audience                | audienceQuery       | 200 audience (count + sample, for the preview) |
 * | GET    | /campaigns/{id}                    | –                   | 200 campaignReport                    |
 * | GET    | /campaigns/{id}/recipients         | recipientListQuery  | 200 campaignRecipient[] (paged)       |
 * | GET    | /campaigns/{id}/failures.csv       | –                   | 200 text/csv (failed and bounced)     |
 * | POST   | /campaigns/{id}/retry              | –                   | 200 campaignReport (failed → queued)  |
 * | POST   | /campaigns/{id}/cancel             | –                   | 200 campaignReport (scheduled only; else 409) |
 * | GET    | /unsubscribe?t=…                   | – (no auth)         | 200 HTML page with a confirm button   |
 * | POST   | /unsubscribe?t=…                   | – (no auth; RFC 8058 one-click) | 200 HTML 'You are unsubscribed' |
 * | GET    | /campaigns/opened/{token}.gif      | – (no auth)         | 200 image/gif; marks the email opened |
 */

export const CAMPAIGN_NAME_MAX = 120;
export const CAMPAIGN_SUBJECT_MAX = 200;
export const CAMPAIGN_BODY_MAX = 20_000;
/** An SMS body longer than this is refused: 3 concatenated GSM-7 parts (153 characters each). */
export const CAMPAIGN_SMS_MAX = 459;
/** How many recipients the audience preview lists. */
export const AUDIENCE_SAMPLE_SIZE = 20;

export const campaignChannels = ['email', 'in_app', 'sms'] as const;
export type CampaignChannel = (typeof campaignChannels)[number];
export const campaignChannelLabels: Record<CampaignChannel, string> = {
  email: 'Email',
  in_app: 'In-app notification',
  sms: 'SMS',
};

/** draft is not used yet; scheduled → sending → sent, or scheduled → cancelled. */
export const campaignStatuses = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignStatusLabels: Record<CampaignStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** queued and sending are on the way; the other four are final. */
export const recipientStatuses = ['queued', 'sending', 'sent', 'bounced', 'failed', 'unsubscribed'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];
export const finalRecipientStatuses = ['sent', 'bounced', 'failed', 'unsubscribed'] as const;
export const recipientStatusLabels: Record<RecipientStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  bounced: 'Bounced',
  failed: 'Failed',
  unsubscribed: 'Unsubscribed',
};

/*
 * Merge fields. `{{name}}` in a subject or body is replaced by the recipient's value; an unknown field
 * is refused when the campaign is created (a typo would otherwise go out to everyone). `hours` is the
 * approved hours in the segment's period (volunteers-with-hours segments; otherwise 0).
 */
export const mergeFields = ['name', 'first_name', 'email', 'ngo', 'role', 'hours'] as const;
export type MergeField = (typeof mergeFields)[number];
export const mergeFieldLabels: Record<MergeField, string> = {
  name: 'Full name',
  first_name: 'First name',
  email: 'Email address',
  ngo: 'Organisation',
  role: 'Role',
  hours: 'Approved hours in the period',
};
export type MergeValues = Record<MergeField, string>;

const MERGE_TAG = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

/** The merge fields a template names that do not exist, each once, in order. */
export function unknownMergeFields(template: string): string[] {
  const unknown = new Set<string>();
  for (const [, field] of template.matchAll(MERGE_TAG))
    if (!(mergeFields as readonly string[]).includes(field!)) unknown.add(field!);
  return [...unknown];
}

/** The template with each `{{field}}` replaced by the recipient's value (one function for preview and send). */
export function renderMerge(template: string, values: MergeValues): string {
  return template.replace(MERGE_TAG, (tag, field: string) =>
    Object.hasOwn(values, field) ? values[field as MergeField] : tag,
  );
}

/*
 * Segments. `members`: active members of the NGO (SUPER_ADMIN: of the NGOs named, or of every NGO
 * when none is named), optionally only some roles. `volunteers_with_hours`: volunteers whose approved
 * hours in [from, to] reach `minHours`. `newsletter`: the landing page's newsletter subscribers
 * (SUPER_ADMIN only; email only, as they gave nothing else).
 */
const roleList = z
  .array(z.enum(roles, { error: 'Choose roles from the list.' }))
  .max(roles.length)
  .default([]);
const ngoIdList = z.array(opaqueId('Organisation')).max(200, 'Choose at most 200 organisations.').default([]);

export const segment = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('members'), roles: roleList, ngoIds: ngoIdList }),
    z
      .object({
        kind: z.literal('volunteers_with_hours'),
        from: day('From'),
        to: day('To'),
        minHours: z
          .number({ error: 'Minimum hours must be a number.' })
          .min(0, 'Minimum hours cannot be negative.')
          .max(100_000, 'Minimum hours is too large.'),
        ngoIds: ngoIdList,
      })
      .refine((s) => s.from <= s.to, { message: 'From must be on or before To.', path: ['to'] }),
    z.object({ kind: z.literal('newsletter') }),
  ],
  { error: 'Choose who receives it.' },
);
export type Segment = z.infer<typeof segment>;
export const segmentKindLabels: Record<Segment['kind'], string> = {
  members: 'Members',
  volunteers_with_hours: 'Volunteers with hours',
  newsletter: 'Newsletter subscribers',
};

const channelList = z
  .array(z.enum(campaignChannels, { error: 'Choose channels from the list.' }))
  .min(1, 'Choose at least one channel.')
  .max(campaignChannels.length);

export const audienceQuery = z.object({ segment, channels: channelList });
export type AudienceQuery = z.infer<typeof audienceQuery>;

/** One person of an audience, with the values their merge fields take. */
export const audienceMember = z.object({
  name: z.string(),
  email: z.string(),
  /** E.164, or null when the person has no phone number (they get no SMS). */
  phone: z.string().nullable(),
  values: z.record(z.enum(mergeFields), z.string()),
});
export type AudienceMember = z.infer<typeof audienceMember>;

export const audience = z.object({
  /** People in the segment. */
  people: z.number().int(),
  /** Recipients each channel would get (SMS: people with a phone; all: minus those unsubscribed). */
  byChannel: z.record(z.enum(campaignChannels), z.number().int()),
  /** The first AUDIENCE_SAMPLE_SIZE people, by name, for the per-recipient preview. */
  sample: z.array(audienceMember),
  /** Whether this server has an SMS provider (AFRICASTALKING_*); without one, SMS is refused. */
  smsAvailable: z.boolean(),
});
export type Audience = z.infer<typeof audience>;

export const campaignCreate = z
  .object({
    name: text('Name').trim().min(1, 'Name is required.').max(CAMPAIGN_NAME_MAX, 'Name is too long.'),
    subject: text('Subject')
      .trim()
      .min(1, 'Subject is required.')
      .max(CAMPAIGN_SUBJECT_MAX, 'Subject is too long.'),
    body: text('Message')
      .trim()
      .min(1, 'Message is required.')
      .max(CAMPAIGN_BODY_MAX, 'Message is too long.'),
    channels: channelList,
    segment,
    /** Absent or null: send now. Otherwise when to start (in the future, within a year). */
    sendAt: instant('Send at').nullable().optional(),
  })
  .superRefine((c, ctx) => {
    for (const field of ['subject', 'body'] as const) {
      const unknown = unknownMergeFields(c[field]);
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Unknown merge field${unknown.length > 1 ? 's' : ''}: ${unknown.map((f) => `{{${f}}}`).join(', ')}.`,
        });
    }
    if (c.channels.includes('sms') && c.body.length > CAMPAIGN_SMS_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['body'],
        message: `An SMS message is at most ${CAMPAIGN_SMS_MAX} characters; this one has ${c.body.length}.`,
      });
    if (c.segment.kind === 'newsletter' && c.channels.some((ch) => ch !== 'email'))
      ctx.addIssue({
        code: 'custom',
        path: ['channels'],
        message: 'Newsletter subscribers can only be emailed.',
      });
  });
export type CampaignCreate = z.infer<typeof campaignCreate>;

/** An organisation a SUPER_ADMIN may choose in a segment. */
export const campaignOrganisation = z.object({ id: z.string(), name: z.string(), members: z.number().int() });
export type CampaignOrganisation = z.infer<typeof campaignOrganisation>;

export const campaignPerson = z.object({ id: z.string(), name: z.string() });

/** Recipients by status, for one channel or in all. */
export const statusCounts = z.record(z.enum(recipientStatuses), z.number().int());
export type StatusCounts = z.infer<typeof statusCounts>;

export const campaign = z.object({
  id: z.string(),
  ngoId: z.string(),
  ngoName: z.string(),
  name: z.string(),
  subject: z.string(),
  channels: z.array(z.enum(campaignChannels)),
  segment,
  status: z.enum(campaignStatuses),
  createdBy: campaignPerson,
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  /** When it starts (scheduled) or started. */
  sendAt: z.string(),
  startedAt: z.string().nullable(),
  /** When every recipient reached a final status. */
  finishedAt: z.string().nullable(),
  /** Recipients in all channels; 0 until it starts. */
  total: z.number().int(),
  counts: statusCounts,
});
export type Campaign = z.infer<typeof campaign>;

export const campaignReport = campaign.extend({
  body: z.string(),
  byChannel: z.record(z.enum(campaignChannels), statusCounts),
  /** Emails opened (a tracking image loaded); mail readers that block images are not counted. */
  opened: z.number().int(),
  /** Final-status recipients per second over the last minute while sending, for the time-left estimate. */
  ratePerSecond: z.number(),
});
export type CampaignReport = z.infer<typeof campaignReport>;

export const campaignRecipient = z.object({
  id: z.string(),
  channel: z.enum(campaignChannels),
  name: z.string(),
  /** The email address, phone number, or for in-app the member's email. */
  address: z.string(),
  status: z.enum(recipientStatuses),
  attempts: z.number().int(),
  /** The provider's last answer for a failure or bounce. */
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipient>;

export const campaignListQuery = pageQuery.extend({
  status: z.enum(campaignStatuses, { error: 'Choose a status from the list.' }).optional(),
});
export const recipientListQuery = pageQuery.extend({
  status: z.enum(recipientStatuses, { error: 'Choose a status from the list.' }).optional(),
  channel: z.enum(campaignChannels, { error: 'Choose a channel from the list.' }).optional(),
});

/** The `code` of refusals the screen acts on. */
export const campaignErrorCodes = {
  /** 409: only a scheduled campaign can be cancelled. */
  notScheduled: 'campaign_not_scheduled',
  /** 409: nothing failed, or the campaign has not started. */
  nothingToRetry: 'campaign_nothing_to_retry',
  /** 400: the segment has nobody in it for the channels chosen. */
  emptyAudience: 'campaign_empty_audience',
} as const;

/* In-app notifications: what a campaign's in_app channel writes, listed in the portal's bell. */
export const inAppNotification = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** Who sent it: the NGO's name. */
  from: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InAppNotification = z.infer<typeof inAppNotification>;
