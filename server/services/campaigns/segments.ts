import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIENCE_SAMPLE_SIZE,
  type Audience,
  type AudienceMember,
  type CampaignChannel,
  type MergeValues,
  type Segment,
} from '../../../contract/campaigns';
import { can } from '../../../contract/permissions';
import type { DbExecutor } from '../../db';
import { ApiError } from '../api-error';

/*
 * A segment as rows of people (ADR 0050): one select every use shares (the audience preview, its
 * counts, and the recipients a starting campaign writes), so the preview's count is the count sent.
 * Columns: user_id (null for a newsletter subscriber), name, email, phone, role, ngo_name, scope (whose
 * list an unsubscribe takes them off), minutes (approved in the segment's period; 0 otherwise).
 */

/** Who composes: their role decides which segments and organisations they may reach. */
export interface SegmentCaller {
  role: string;
  ngoId: string;
}

const forbidden = (message: string) => new ApiError(403, message, { code: 'forbidden' });

/** The organisations a members segment reaches: the caller's own, or (SUPER_ADMIN) those named or all. */
function ngoCondition(caller: SegmentCaller, ngoIds: string[], column: SQL): SQL {
  if (!can(caller.role, 'tenants:cross')) {
    if (ngoIds.some((id) => id !== caller.ngoId))
      throw forbidden('Only platform admins message other organisations’ members.');
    return sql`${column} = ${caller.ngoId}`;
  }
  if (ngoIds.length === 0) return sql`true`;
  return sql`${column} in (${sql.join(
    ngoIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const roleLabel = sql`case u.role when 'SUPER_ADMIN' then 'Super admin' when 'ADMIN' then 'Admin'
  when 'admin' then 'Admin' when 'NGO_ADMIN' then 'NGO admin' when 'STAFF' then 'Staff'
  when 'VOLUNTEER' then 'Volunteer' when 'ANALYST' then 'Analyst' when 'VIEWER' then 'Viewer' else 'Member' end`;

/** The people of a segment, as a select whose columns are described above. Throws 403 when not allowed. */
export function peopleOf(caller: SegmentCaller, segment: Segment): SQL {
  switch (segment.kind) {
    case 'members': {
      const roles = segment.roles.flatMap((r) => (r === 'ADMIN' ? ['ADMIN', 'admin'] : [r]));
      const roleFilter = roles.length
        ? sql`and u.role in (${sql.join(
            roles.map((r) => sql`${r}`),
            sql`, `,
          )})`
        : sql``;
      return sql`select u.id as user_id, u.name, u.email, u.phone, ${roleLabel} as role, n.name as ngo_name,
          'ngo:' || u.ngo_id as scope, 0::bigint as minutes
        from users u join ngos n on n.id = u.ngo_id
        where u.status = 'active' and ${ngoCondition(caller, segment.ngoIds, sql`u.ngo_id`)} ${roleFilter}`;
    }
    case 'volunteers_with_hours': {
      const minMinutes = Math.round(segment.minHours * 60);
      return sql`select u.id as user_id, u.name, u.email, u.phone, ${roleLabel} as role, n.name as ngo_name,
          'ngo:' || u.ngo_id as scope, h.minutes
        from (
          select a.volunteer_id, sum(a.minutes)::bigint as minutes from activity_reports a
          where a.status = 'approved' and a.date between cast(${segment.from} as date) and cast(${segment.to} as date)
            and ${ngoCondition(caller, segment.ngoIds, sql`a.ngo_id`)}
          group by a.volunteer_id
          having sum(a.minutes) >= ${minMinutes} and sum(a.minutes) > 0
        ) h
        join users u on u.id = h.volunteer_id join ngos n on n.id = u.ngo_id
        where u.status = 'active'`;
    }
    case 'newsletter': {
      if (!can(caller.role, 'tenants:cross'))
        throw forbidden('Only platform admins write to the newsletter’s subscribers.');
      return sql`select null::text as user_id, split_part(s.email, '@', 1) as name, s.email, null::text as phone,
          'Subscriber' as role, 'NGO Portal' as ngo_name, 'platform' as scope, 0::bigint as minutes
        from newsletter_subscribers s`;
    }
  }
}

/** The address a person has on a channel (null: none), as SQL over a people row `p`. */
export function addressOn(channel: CampaignChannel): SQL {
  switch (channel) {
    case 'email':
      return sql`lower(p.email)`;
    case 'in_app':
      return sql`case when p.user_id is null then null else lower(p.email) end`;
    case 'sms':
      return sql`nullif(p.phone, '')`;
  }
}

/** Whether the address of `p` on `channel` (SQL text) asked to be left out. In-app has no unsubscribe. */
export function unsubscribedOn(channel: SQL, address: SQL): SQL {
  return sql`(${channel} <> 'in_app' and exists (select 1 from notification_unsubscribes x
    where x.scope = p.scope and x.channel = ${channel} and x.address = ${address}))`;
}

/** The merge values of a people row `p` (contract/campaigns.ts mergeFields), as jsonb. */
export const mergeValuesOf = sql`jsonb_build_object('name', p.name, 'first_name', split_part(p.name, ' ', 1),
  'email', p.email, 'ngo', p.ngo_name, 'role', p.role,
  'hours', trim_scale(round(p.minutes / 60.0, 1))::text)`;

/** The audience preview: people, recipients per channel (minus the unsubscribed), and a sample by name. */
export async function audienceOf(
  db: DbExecutor,
  caller: SegmentCaller,
  segment: Segment,
  channels: CampaignChannel[],
): Promise<Omit<Audience, 'smsAvailable'>> {
  const people = peopleOf(caller, segment);
  const perChannel = channels.map(
    (ch) =>
      sql`count(*) filter (where ${addressOn(ch)} is not null
        and not ${unsubscribedOn(sql`${ch}::text`, addressOn(ch))})::int as ${sql.raw(ch)}`,
  );
  const counted = await db.execute<Record<string, number>>(
    sql`select count(*)::int as people, ${sql.join(perChannel, sql`, `)} from (${people}) p`,
  );
  const row = counted.rows[0] ?? {};
  const sample = await db.execute<{ name: string; email: string; phone: string | null; values: MergeValues }>(
    sql`select p.name, p.email, p.phone, ${mergeValuesOf} as values from (${people}) p
      order by lower(p.name), p.email limit ${AUDIENCE_SAMPLE_SIZE}`,
  );
  return {
    people: Number(row.people ?? 0),
    byChannel: Object.fromEntries(channels.map((ch) => [ch, Number(row[ch] ?? 0)])) as Record<
      CampaignChannel,
      number
    >,
    sample: sample.rows.map((r): AudienceMember => ({
      name: r.name,
      email: r.email,
      phone: r.phone,
      values: r.values,
    })),
  };
}

/**
 * Writes a starting campaign's recipients: one row per person and channel they have an address on
 * (deduplicated by address), already 'unsubscribed' where they asked. Idempotent: a second run adds
 * nothing. Returns how many rows it wrote.
 */
export async function writeRecipients(
  db: DbExecutor,
  campaign: { id: string; channels: string[]; segment: Segment },
  caller: SegmentCaller,
): Promise<number> {
  const channelList = sql.join(
    campaign.channels.map((ch) => sql`${ch}::text`),
    sql`, `,
  );
  const address = sql`case ch when 'email' then ${addressOn('email')} when 'in_app' then ${addressOn('in_app')}
    else ${addressOn('sms')} end`;
  const result = await db.execute<{ n: number }>(
    sql`with written as (insert into campaign_recipients (id, campaign_id, channel, user_id, name, address, scope, values, status, settled_at)
      select gen_random_uuid()::text, ${campaign.id}, q.ch, q.user_id, q.name, q.address, q.scope, q.values,
        case when q.unsubscribed then 'unsubscribed' else 'queued' end,
        case when q.unsubscribed then now() end
      from (
        select distinct on (ch, ${address}) ch, p.user_id, p.name, ${address} as address, p.scope,
          ${mergeValuesOf} as values, ${unsubscribedOn(sql`ch`, address)} as unsubscribed
        from (${peopleOf(caller, campaign.segment)}) p cross join unnest(array[${channelList}]) as ch
        where ${address} is not null
        order by ch, ${address}, p.user_id nulls last
      ) q
      on conflict (campaign_id, channel, address) do nothing returning 1)
      select count(*)::int as n from written`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
