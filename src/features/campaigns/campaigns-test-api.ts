import {
  AUDIENCE_SAMPLE_SIZE,
  audienceQuery,
  campaignCreate,
  campaignErrorCodes,
  type Audience,
  type AudienceMember,
  type Campaign,
  type CampaignChannel,
  type CampaignRecipient,
  type CampaignReport,
  type RecipientStatus,
  type Segment,
  type StatusCounts,
} from '@contract/campaigns';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { summaryOf } from './campaign-cache';
import { countsOf } from './testing';

/** A person the stand-in's segments are made of. */
export interface StubPerson {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  /** Approved hours in any period asked (the stand-in keeps no dates). */
  hours: number;
  ngo: string;
}

export const demoPeople: StubPerson[] = [
  {
    id: 'p1',
    name: 'Aline Uwera',
    email: 'aline@demo.ngo',
    phone: '+250788000001',
    role: 'STAFF',
    hours: 0,
    ngo: 'Hope Bridge Foundation',
  },
  {
    id: 'p2',
    name: 'Grace Mukamana',
    email: 'volunteer@demo.ngo',
    phone: '+250788000002',
    role: 'VOLUNTEER',
    hours: 12,
    ngo: 'Hope Bridge Foundation',
  },
  {
    id: 'p3',
    name: 'Jean Bosco Habimana',
    email: 'jean@demo.ngo',
    phone: null,
    role: 'VOLUNTEER',
    hours: 3,
    ngo: 'Hope Bridge Foundation',
  },
];

const membersOf = (segment: Segment, people: StubPerson[]) => {
  switch (segment.kind) {
    case 'members':
      return people.filter((p) => !segment.roles.length || (segment.roles as string[]).includes(p.role));
    case 'volunteers_with_hours':
      return people.filter((p) => p.role === 'VOLUNTEER' && p.hours >= segment.minHours);
    case 'newsletter':
      return [];
  }
};

const audienceMemberOf = (p: StubPerson, segment: Segment): AudienceMember => ({
  name: p.name,
  email: p.email,
  phone: p.phone,
  values: {
    name: p.name,
    first_name: p.name.split(' ')[0]!,
    email: p.email,
    ngo: p.ngo,
    role: p.role,
    hours: segment.kind === 'volunteers_with_hours' ? String(p.hours) : '0',
  },
});

function audienceOf(
  segment: Segment,
  channels: CampaignChannel[],
  people: StubPerson[],
  smsAvailable: boolean,
): Audience {
  const members = membersOf(segment, people).sort((a, b) => a.name.localeCompare(b.name));
  const byChannel = Object.fromEntries(
    channels.map((c) => [c, c === 'sms' ? members.filter((p) => p.phone).length : members.length]),
  ) as Audience['byChannel'];
  return {
    people: members.length,
    byChannel,
    sample: members.slice(0, AUDIENCE_SAMPLE_SIZE).map((p) => audienceMemberOf(p, segment)),
    smsAvailable,
  };
}

const notFound = () => jsonResponse({ message: 'Not found', code: 'not_found' }, 404);

/** One page of `items` as the API pages (`limit`, `cursor`: here the offset), with Next-Cursor. */
function paged<T>(items: T[], url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? items.length) || items.length;
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const page = items.slice(start, start + limit);
  const response = jsonResponse(page);
  if (start + limit < items.length) response.headers.set('Next-Cursor', String(start + limit));
  return response;
}

const recount = (recipients: CampaignRecipient[], channel?: CampaignChannel): StatusCounts => {
  const counts = countsOf();
  for (const r of recipients) if (!channel || r.channel === channel) counts[r.status] += 1;
  return counts;
};

/**
 * An in-memory stand-in for /api/campaigns behind the fetch stub, for the screen's tests: it keeps
 * the campaigns and their recipients, answers the contract's endpoints as the server would (the same
 * zod checks and refusal codes, Idempotency-Key replays), and lets a test answer a request first
 * (`handler`, a refusal or a hang).
 */
export function stubCampaignsApi(
  options: {
    campaigns?: CampaignReport[];
    /** Recipients per campaign id; a created campaign gets one per person and channel. */
    recipients?: Record<string, CampaignRecipient[]>;
    people?: StubPerson[];
    ngos?: { id: string; name: string }[];
    viewer?: { id: string; name: string };
    /** Whether the server has an SMS provider (true unless a test says otherwise). */
    smsAvailable?: boolean;
    handler?: (request: StubbedRequest, url: URL) => Response | Promise<Response | undefined> | undefined;
  } = {},
) {
  const campaigns = [...(options.campaigns ?? [])];
  const recipients: Record<string, CampaignRecipient[]> = { ...options.recipients };
  const people = options.people ?? demoPeople;
  const viewer = options.viewer ?? { id: 'nadia', name: 'Nadia Uwase' };
  const smsAvailable = options.smsAvailable ?? true;
  const keys = new Map<string, { payload: string; response: CampaignReport }>();
  let made = 0;

  /** A campaign's report with its counts worked out from its recipients, when it has any. */
  const withCounts = (report: CampaignReport): CampaignReport => {
    const list = recipients[report.id];
    if (!list) return report;
    return {
      ...report,
      total: list.length,
      counts: recount(list),
      byChannel: Object.fromEntries(
        report.channels.map((c) => [c, recount(list, c)]),
      ) as CampaignReport['byChannel'],
    };
  };
  const save = (report: CampaignReport) => {
    const index = campaigns.findIndex((c) => c.id === report.id);
    campaigns[index] = report;
    return jsonResponse(withCounts(report));
  };

  return stubFetch(async (request) => {
    const url = new URL(request.url, 'http://localhost');
    const answer = await options.handler?.(request, url);
    if (answer) return answer;
    const path = url.pathname.replace(/^\/api/, '');
    const now = new Date().toISOString();

    if (request.method === 'GET' && path === '/campaigns/organisations')
      return jsonResponse(options.ngos ?? []);
    if (request.method === 'GET' && path === '/campaigns') {
      const status = url.searchParams.get('status');
      const items: Campaign[] = campaigns
        .filter((c) => !status || c.status === status)
        .map((c) => summaryOf(withCounts(c)));
      return paged(items, url);
    }
    if (request.method === 'POST' && path === '/campaigns/audience') {
      const parsed = audienceQuery.safeParse(request.body);
      if (!parsed.success)
        return jsonResponse({ message: 'Some fields are invalid.', code: 'validation_failed' }, 400);
      return jsonResponse(audienceOf(parsed.data.segment, parsed.data.channels, people, smsAvailable));
    }
    if (request.method === 'POST' && path === '/campaigns') {
      const key = request.headers.get('Idempotency-Key') ?? '';
      const payload = JSON.stringify(request.body);
      const held = keys.get(key);
      if (held)
        return held.payload === payload
          ? jsonResponse(held.response, 201)
          : jsonResponse(
              { message: 'This key was used for another campaign.', code: 'idempotency_conflict' },
              409,
            );
      const parsed = campaignCreate.safeParse(request.body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
        return jsonResponse({ message: 'Some fields are invalid.', code: 'validation_failed', fields }, 400);
      }
      const body = parsed.data;
      const audience = audienceOf(body.segment, body.channels, people, smsAvailable);
      const members = membersOf(body.segment, people);
      const later = Boolean(body.sendAt);
      if (!later && Object.values(audience.byChannel).every((n) => !n))
        return jsonResponse(
          {
            message: 'Nobody in this segment can be reached on these channels.',
            code: campaignErrorCodes.emptyAudience,
          },
          400,
        );
      const id = `new${++made}`;
      if (!later)
        recipients[id] = body.channels.flatMap((channel) =>
          members
            .filter((p) => channel !== 'sms' || p.phone)
            .map((p, i) => ({
              id: `${id}-${channel}-${i}`,
              channel,
              name: p.name,
              address: channel === 'sms' ? p.phone! : p.email,
              status: 'queued' as RecipientStatus,
              attempts: 0,
              error: null,
              sentAt: null,
              openedAt: null,
            })),
        );
      const report: CampaignReport = {
        id,
        ngoId: 'ngo1',
        ngoName: 'Hope Bridge Foundation',
        name: body.name,
        subject: body.subject,
        body: body.body,
        channels: body.channels,
        segment: body.segment,
        status: later ? 'scheduled' : 'sending',
        createdBy: viewer,
        createdAt: now,
        sendAt: body.sendAt ?? now,
        startedAt: later ? null : now,
        finishedAt: null,
        total: 0,
        counts: countsOf(),
        byChannel: {} as CampaignReport['byChannel'],
        opened: 0,
        ratePerSecond: 0,
      };
      campaigns.unshift(report);
      const response = withCounts(report);
      keys.set(key, { payload, response });
      return jsonResponse(response, 201);
    }

    const one = /^\/campaigns\/([^/]+)(?:\/(recipients|failures\.csv|retry|cancel))?$/.exec(path);
    const campaign = one ? campaigns.find((c) => c.id === one[1]) : undefined;
    if (!one || !campaign) return notFound();
    const action = one[2];
    if (request.method === 'GET' && !action) return jsonResponse(withCounts(campaign));
    if (request.method === 'GET' && action === 'recipients') {
      const status = url.searchParams.get('status');
      const channel = url.searchParams.get('channel');
      const list = (recipients[campaign.id] ?? []).filter(
        (r) => (!status || r.status === status) && (!channel || r.channel === channel),
      );
      return paged(list, url);
    }
    if (request.method === 'GET' && action === 'failures.csv') {
      const rows = (recipients[campaign.id] ?? []).filter(
        (r) => r.status === 'failed' || r.status === 'bounced',
      );
      const csv = [
        'name,address,channel,status,error',
        ...rows.map((r) => `${r.name},${r.address},${r.channel},${r.status},${r.error ?? ''}`),
      ].join('\n');
      return new Response(csv, { headers: { 'content-type': 'text/csv' } });
    }
    if (request.method === 'POST' && action === 'retry') {
      const list = recipients[campaign.id] ?? [];
      if (!list.some((r) => r.status === 'failed'))
        return jsonResponse(
          {
            message: 'Nothing failed, so there is nothing to retry.',
            code: campaignErrorCodes.nothingToRetry,
          },
          409,
        );
      recipients[campaign.id] = list.map((r) =>
        r.status === 'failed' ? { ...r, status: 'queued', error: null } : r,
      );
      return save({ ...campaign, status: 'sending', finishedAt: null });
    }
    if (request.method === 'POST' && action === 'cancel') {
      if (campaign.status !== 'scheduled')
        return jsonResponse(
          { message: 'Only a scheduled campaign can be cancelled.', code: campaignErrorCodes.notScheduled },
          409,
        );
      return save({ ...campaign, status: 'cancelled' });
    }
    return notFound();
  });
}
