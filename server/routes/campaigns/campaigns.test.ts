import { sql, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignReport,
  type Audience,
  type CampaignCreate,
  type CampaignReport,
} from '../../../contract/campaigns';
import { users } from '../../db/schema';
import { startCampaignWorker } from '../../services/campaigns/campaign-worker';
import { createAfricasTalkingSms } from '../../services/campaigns/sms-africastalking';
import { createSmtpProvider } from '../../services/campaigns/smtp-provider';
import { campaignQueueNames, type QueueDefinition } from '../../services/queue/queues';
import { startSmsStandIn, type SmsStandIn } from '../../testing/sms-stand-in';
import { recipientRoll, startSmtpStandIn, type SmtpStandIn } from '../../testing/smtp-stand-in';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';

/*
 * Bulk notifications end to end on the real queue, with the real SMTP and Africa's Talking adapters
 * talking to their local stand-ins (ADR 0050): the roles and tenants matrix, validation, a campaign
 * over three channels with permanent and passing failures, retries, unsubscribe and opens.
 */

// Fast retries: a passing failure is retried after a second; the second failure is final.
const queues: Record<string, QueueDefinition> = {
  [campaignQueueNames.start]: { retryLimit: 2, retryDelay: 1, expireInSeconds: 30 },
  [campaignQueueNames.deliver]: { retryLimit: 1, retryDelay: 1, retryDelayMax: 1, expireInSeconds: 30 },
};

const SMS = { username: 'sandbox', apiKey: 'at-test-key' };

let t: TestApp;
let smtp: SmtpStandIn;
let sms: SmsStandIn;
let stopWorker: () => void;
let ngoA: string;
let ngoB: string;
let people: Record<string, TestUser>;
let adminB: TestUser;
let superAdmin: TestUser;

/** An address the SMTP stand-in treats as `kind` (its roll is fixed per address). */
function addressOf(kind: 'ok' | 'bounce' | 'transient', n: number): string {
  for (let i = 0; ; i++) {
    const address = `${kind}.${n}.${i}@members.test`;
    const roll = recipientRoll(address);
    if (kind === 'bounce' ? roll < 0.1 : kind === 'transient' ? roll >= 0.1 && roll < 0.2 : roll >= 0.2)
      return address;
  }
}

/** A MIME body as written (quoted-printable parts), decoded enough to read its HTML. */
const quotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const send = (method: string, path: string, user: TestUser | undefined, body?: unknown, headers = {}) =>
  call(t.app, method, `/api${path}`, body, user?.token, headers);

async function create(user: TestUser, body: Partial<CampaignCreate>, status = 201) {
  const res = await send(
    'POST',
    '/campaigns',
    user,
    {
      name: 'Monthly update',
      subject: 'Hello {{first_name}}',
      body: 'Dear {{name}}, thank you for your work at {{ngo}}.',
      channels: ['email'],
      segment: { kind: 'members', roles: [], ngoIds: [] },
      ...body,
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as unknown as { id: string; code?: string; fields?: Record<string, string> };
}

/** Polls the report until `done` holds (the queue works in the background). */
async function reportWhen(user: TestUser, id: string, done: (r: CampaignReport) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await send('GET', `/campaigns/${id}`, user);
    expect(res.status).toBe(200);
    const report = campaignReport.parse(res.body);
    if (done(report)) return report;
    if (Date.now() > deadline) throw new Error(`campaign ${id} still ${JSON.stringify(report.counts)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  smtp = await startSmtpStandIn({ failRatio: 0.1, transientRatio: 0.1 });
  sms = await startSmsStandIn({ ...SMS, blacklist: ['+250788000009'] });
  t = await createTestApp(
    { AFRICASTALKING_USERNAME: SMS.username, AFRICASTALKING_API_KEY: SMS.apiKey },
    { startQueue: true, queues },
  );
  stopWorker = await startCampaignWorker({
    db: t.db,
    queue: t.queue,
    logger: pino({ level: 'silent' }),
    email: createSmtpProvider({ smtpUrl: smtp.url, from: 'NGO Portal <no-reply@test>' }),
    sms: createAfricasTalkingSms({ ...SMS, baseUrl: sms.baseUrl }),
    appUrl: 'http://localhost:3000',
    secret: t.env.JWT_SECRET,
    rates: { email: 1000, sms: 100 },
    queues,
    deliverPace: { batchSize: 20, pollingIntervalSeconds: 0.5 },
    finishSweepSeconds: 1,
  });
  ngoA = await createTestNgo(t, 'Kigali Relief');
  ngoB = await createTestNgo(t, 'Other Relief');
  people = await createUserPerRole(t, ngoA);
  adminB = await createTestUser(t, { ngoId: ngoB, role: 'NGO_ADMIN' });
  superAdmin = await createTestUser(t, { ngoId: ngoB, role: 'SUPER_ADMIN', name: 'Platform Admin' });
}, 60_000);

afterAll(async () => {
  stopWorker?.();
  await t?.close();
  await smtp?.close();
  await sms?.close();
});

describe('who may send', () => {
  it('admins of the NGO compose and list; every other role gets 403', async () => {
    for (const role of ['STAFF', 'VOLUNTEER', 'ANALYST', 'VIEWER']) {
      expect((await send('GET', '/campaigns', people[role])).status, role).toBe(403);
      const audience = await send('POST', '/campaigns/audience', people[role], {
        segment: { kind: 'members' },
        channels: ['email'],
      });
      expect(audience.status, role).toBe(403);
    }
    for (const role of ['ADMIN', 'admin', 'NGO_ADMIN', 'SUPER_ADMIN']) {
      expect((await send('GET', '/campaigns', people[role])).status, role).toBe(200);
    }
    expect((await send('GET', '/campaigns', undefined)).status).toBe(401);
  });

  it('another organisation’s campaign is 404 to its admins; a SUPER_ADMIN reads it but cannot cancel it', async () => {
    const scheduled = await create(people.NGO_ADMIN!, {
      sendAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const id = scheduled.id as string;
    expect((await send('GET', `/campaigns/${id}`, adminB)).status).toBe(404);
    expect((await send('GET', `/campaigns/${id}/recipients`, adminB)).status).toBe(404);
    expect((await send('GET', `/campaigns/${id}/failures.csv`, adminB)).status).toBe(404);
    expect((await send('POST', `/campaigns/${id}/cancel`, adminB)).status).toBe(404);
    expect((await send('GET', `/campaigns/${id}`, superAdmin)).status).toBe(200);
    expect((await send('POST', `/campaigns/${id}/cancel`, superAdmin)).status).toBe(404);
    const listedB = await send('GET', '/campaigns', adminB);
    expect((listedB.body as unknown as { id: string }[]).map((c) => c.id)).not.toContain(id);
    // Its own admin cancels it; it never starts.
    const cancelled = await send('POST', `/campaigns/${id}/cancel`, people.NGO_ADMIN);
    expect(cancelled.body.status).toBe('cancelled');
    const again = await send('POST', `/campaigns/${id}/cancel`, people.NGO_ADMIN);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('campaign_not_scheduled');
  });

  it('only a SUPER_ADMIN reaches other organisations or the newsletter', async () => {
    const other = await send('POST', '/campaigns/audience', people.NGO_ADMIN, {
      segment: { kind: 'members', ngoIds: [ngoB] },
      channels: ['email'],
    });
    expect(other.status).toBe(403);
    const newsletter = await send('POST', '/campaigns/audience', people.NGO_ADMIN, {
      segment: { kind: 'newsletter' },
      channels: ['email'],
    });
    expect(newsletter.status).toBe(403);
    expect((await send('GET', '/campaigns/organisations', people.NGO_ADMIN)).status).toBe(403);
    const organisations = await send('GET', '/campaigns/organisations', superAdmin);
    expect(organisations.status).toBe(200);
    expect(organisations.body).toEqual(
      expect.arrayContaining([
        { id: ngoA, name: 'Kigali Relief', members: 8 },
        { id: ngoB, name: 'Other Relief', members: 2 },
      ]),
    );
    const cross = await send('POST', '/campaigns/audience', superAdmin, {
      segment: { kind: 'members', ngoIds: [ngoA] },
      channels: ['email', 'in_app'],
    });
    expect(cross.status).toBe(200);
    expect(cross.body.people).toBe(8);
  });
});

describe('what is refused', () => {
  it('unknown merge fields, SMS too long, a past time and an empty audience are 400s naming the field', async () => {
    const unknown = await create(people.NGO_ADMIN!, { body: 'Hi {{nmae}} of {{ngo}}' }, 400);
    expect(unknown.fields).toEqual({ body: 'Unknown merge field: {{nmae}}.' });
    const long = await create(people.NGO_ADMIN!, { channels: ['sms'], body: 'x'.repeat(500) }, 400);
    expect(long.fields?.body).toMatch(/at most 459 characters/);
    const past = await create(people.NGO_ADMIN!, { sendAt: '2020-01-01T10:00:00Z' }, 400);
    expect(past.fields?.sendAt).toMatch(/future/);
    const empty = await create(
      people.NGO_ADMIN!,
      {
        segment: {
          kind: 'volunteers_with_hours',
          from: '2020-01-01',
          to: '2020-01-31',
          minHours: 1,
          ngoIds: [],
        },
      },
      400,
    );
    expect(empty.code).toBe('campaign_empty_audience');
    const listed = await send('GET', '/campaigns?status=sending', people.NGO_ADMIN);
    expect(listed.body).toEqual([]);
  });
});

describe('a campaign over email, SMS and in-app', () => {
  let members: { user: TestUser; kind: 'ok' | 'bounce' | 'transient'; phone: string | null }[];
  let report: CampaignReport;
  let ngoC: string;
  let admin: TestUser;

  beforeAll(async () => {
    ngoC = await createTestNgo(t, 'Nyamata Care');
    admin = await createTestUser(t, { ngoId: ngoC, role: 'NGO_ADMIN', email: addressOf('ok', 999) });
    const kinds = ['ok', 'ok', 'ok', 'bounce', 'transient', 'ok', 'bounce', 'transient', 'ok', 'ok'] as const;
    members = [];
    for (const [i, kind] of kinds.entries()) {
      const user = await createTestUser(t, {
        ngoId: ngoC,
        role: 'VOLUNTEER',
        name: `Member ${String.fromCharCode(65 + i)} Uwase`,
        email: addressOf(kind, i),
      });
      // Every other member has a phone; one is blacklisted at the SMS provider, one is out for a while.
      const phone = i % 2 === 0 ? `+25078800000${i}` : null;
      if (phone) await t.db.update(users).set({ phone }).where(eq(users.id, user.id));
      members.push({ user, kind, phone });
    }
    await t.db.update(users).set({ phone: '+250788000009' }).where(eq(users.id, members[9]!.user.id));
    members[9]!.phone = '+250788000009';
    sms.failing.add('+250788000004');

    const audience = await send('POST', '/campaigns/audience', admin, {
      segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
      channels: ['email', 'sms', 'in_app'],
    });
    expect(audience.status).toBe(200);
    expect(audience.body.people).toBe(10);
    expect(audience.body.byChannel).toEqual({ email: 10, sms: 6, in_app: 10 });
    expect(audience.body.smsAvailable).toBe(true);
    expect((audience.body.sample as Audience['sample'])[0]!.values).toMatchObject({
      name: 'Member A Uwase',
      first_name: 'Member',
    });

    const created = await create(admin, {
      channels: ['email', 'sms', 'in_app'],
      segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
    });
    report = await reportWhen(admin, created.id as string, (r) => r.status === 'sent');
  }, 60_000);

  it('reaches every recipient with a final status, and nobody twice', () => {
    expect(report.total).toBe(26);
    expect(report.counts.queued + report.counts.sending).toBe(0);
    // Email: two addresses refused for good; the two deferred once were sent on their retry.
    expect(report.byChannel.email).toMatchObject({ sent: 8, bounced: 2, failed: 0 });
    // SMS: the blacklisted number bounced; the one whose provider kept failing ran out of retries.
    expect(report.byChannel.sms).toMatchObject({ sent: 4, bounced: 1, failed: 1 });
    expect(report.byChannel.in_app).toMatchObject({ sent: 10 });
    for (const m of members) {
      expect(smtp.countTo(m.user.email), m.user.email).toBe(m.kind === 'bounce' ? 0 : 1);
    }
    const smsTo = sms.messages.map((m) => m.to).sort();
    expect(smsTo).toEqual(['+250788000000', '+250788000002', '+250788000006', '+250788000008']);
  });

  it('merges each recipient’s values and carries one-click unsubscribe', () => {
    const mail = smtp.messages.find((m) => m.to.includes(members[0]!.user.email))!;
    expect(mail.subject).toBe('Hello Member');
    expect(mail.text).toContain('Dear Member A Uwase, thank you for your work at Nyamata Care.');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?t=.+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(sms.messages.find((m) => m.to === '+250788000000')?.message).toBe(
      'Dear Member A Uwase, thank you for your work at Nyamata Care.',
    );
  });

  it('shows in the member’s notifications, and marks them read', async () => {
    const member = members[1]!.user;
    const list = await send('GET', '/notifications', member);
    expect(list.body.unread).toBe(1);
    expect((list.body.items as unknown[])[0]).toMatchObject({
      title: 'Hello Member',
      from: 'Nyamata Care',
      readAt: null,
    });
    expect((await send('POST', '/notifications/read', member, {})).status).toBe(204);
    expect((await send('GET', '/notifications', member)).body.unread).toBe(0);
    // Another member's list is their own.
    expect((await send('GET', '/notifications', adminB)).body.items).toEqual([]);
  });

  it('lists the failures, as CSV too, and retries only them', async () => {
    const failed = await send('GET', `/campaigns/${report.id}/recipients?status=failed`, admin);
    expect(failed.body).toHaveLength(1);
    expect(failed.body[0]).toMatchObject({ channel: 'sms', address: '+250788000004', status: 'failed' });
    const csv = await t.app.request(`/api/campaigns/${report.id}/failures.csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('name,channel,address,status,attempts,error,when');
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.includes(',bounced,'))).toHaveLength(3);

    sms.failing.delete('+250788000004');
    const before = { mails: smtp.messages.length, sms: sms.messages.length };
    const retried = await send('POST', `/campaigns/${report.id}/retry`, admin);
    expect(retried.status).toBe(200);
    const after = await reportWhen(admin, report.id, (r) => r.status === 'sent');
    expect(after.byChannel.sms).toMatchObject({ sent: 5, bounced: 1, failed: 0 });
    expect(sms.messages.length).toBe(before.sms + 1);
    expect(smtp.messages.length).toBe(before.mails);
    const none = await send('POST', `/campaigns/${report.id}/retry`, admin);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('campaign_nothing_to_retry');
  });

  it('honours an unsubscribe on the next send, and counts opens', async () => {
    const member = members[0]!;
    const mail = smtp.messages.find((m) => m.to.includes(member.user.email))!;
    const link = new URL(mail.headers['list-unsubscribe']!.slice(1, -1));
    const page = await t.app.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop messages from Nyamata Care by email');
    // A GET never unsubscribes (mail scanners follow links): the member is still mailed until they confirm.
    const oneClick = await t.app.request(`${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    const forged = await t.app.request(
      `${link.pathname}?t=${encodeURIComponent(`${report.id}.AAAAAAAAAAAAAAAAAAAAAA`)}`,
    );
    expect(forged.status).toBe(404);

    const pixel = /src="([^"]+\.gif)"/.exec(quotedPrintable(mail.text))?.[1];
    expect(pixel).toBeDefined();
    const opened = await t.app.request(new URL(pixel!.replace(/&amp;/g, '&')).pathname);
    expect(opened.headers.get('content-type')).toBe('image/gif');
    expect((await reportWhen(admin, report.id, () => true)).opened).toBe(1);

    const next = await create(admin, {
      subject: 'Second',
      segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
    });
    const second = await reportWhen(admin, next.id as string, (r) => r.status === 'sent');
    expect(second.byChannel.email).toMatchObject({ unsubscribed: 1, bounced: 2, sent: 7 });
    expect(smtp.countTo(member.user.email)).toBe(1);
    const audience = await send('POST', '/campaigns/audience', admin, {
      segment: { kind: 'members', roles: ['VOLUNTEER'], ngoIds: [] },
      channels: ['email'],
    });
    expect((audience.body as unknown as Audience).byChannel.email).toBe(9);
    // The audit trail names the sends.
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where ngo_id = ${ngoC} order by created_at`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'campaign.created',
      'campaign.failures_retried',
      'campaign.created',
    ]);
  }, 40_000);
});
