import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MergeValues, Segment } from '../../../contract/campaigns';
import { ngos } from './ngos';
import { users } from './users';

/*
 * Bulk notifications (issue 16, ADR 0050, contract/campaigns.ts). A campaign is written when it is
 * composed; when it starts (the `campaign.start` job, at `send_at`) its segment is resolved into
 * `campaign_recipients`, one row per person and channel with the merge values of that moment, and
 * each row gets a `campaign.deliver` job keyed by the row (and its retry round). The row's status is
 * the truth the report counts; the jobs only carry it forward.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    channels: text('channels').array().notNull(),
    segment: jsonb('segment').$type<Segment>().notNull(),
    /** 'scheduled' | 'sending' | 'sent' | 'cancelled' (contract/campaigns.ts campaignStatuses). */
    status: text('status').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Bumped by each 'Retry failures', so the retried recipients get new job keys. */
    retryRound: integer('retry_round').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_ngo_created_idx').on(t.ngoId, t.createdAt.desc(), t.id.desc()),
    check('campaigns_status_check', sql`${t.status} in ('scheduled', 'sending', 'sent', 'cancelled')`),
  ],
);

export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** 'email' | 'in_app' | 'sms'. */
    channel: text('channel').notNull(),
    /** The member, when the recipient is one (newsletter subscribers are not). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The email address, the E.164 phone number, or (in-app) the member's email. */
    address: text('address').notNull(),
    /** Whose list an unsubscribe takes them off: 'ngo:<their NGO>' for members, 'platform' for the newsletter. */
    scope: text('scope').notNull(),
    values: jsonb('values').$type<MergeValues>().notNull(),
    /** contract/campaigns.ts recipientStatuses. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    providerId: text('provider_id'),
    /** When the current attempt took the row: a 'sending' row older than the job's expiry was interrupted. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When it reached its final status; the report's rate is counted from these. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_address_unique').on(t.campaignId, t.channel, t.address),
    index('campaign_recipients_status_idx').on(t.campaignId, t.status),
    index('campaign_recipients_settled_idx').on(t.campaignId, t.settledAt),
    check(
      'campaign_recipients_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'bounced', 'failed', 'unsubscribed')`,
    ),
  ],
);

/**
 * Who asked for no more: by scope ('ngo:<id>' for an NGO's campaigns, 'platform' for the newsletter),
 * channel and address (lower-cased email, or the E.164 number). Checked when each recipient is sent.
 */
export const notificationUnsubscribes = pgTable(
  'notification_unsubscribes',
  {
    scope: text('scope').notNull(),
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    campaignId: text('campaign_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.channel, t.address] })],
);

/** In-app notifications: what a campaign's in_app channel writes, shown in the portal's bell. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The recipient row that wrote it: a retried job finds it and writes no second one. */
    recipientId: text('recipient_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('notifications_recipient_unique').on(t.recipientId),
  ],
);
