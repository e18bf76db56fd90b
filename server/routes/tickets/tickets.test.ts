import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../../contract/roles';
import {
  TICKET_ATTACHMENTS_MAX,
  ticketErrorCodes,
  type Ticket,
  type TicketDetail,
} from '../../../contract/tickets';
import { auditLog, ticketReplies, tickets } from '../../db/schema';
import { uploadFile } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { chatClient } from '../chat/chat-testing';
import { mailedAbout, mailsTo, ticketClient, type TicketClient } from './tickets-testing';

let t: TestApp;
let tc: TicketClient;
let a: Record<string, TestUser>;
let b: Record<string, TestUser>;

const everyRole = [...roles, 'admin'];
const agentRoles = ['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN'];
const idem = (key: string) => ({ 'idempotency-key': key });

type Access = 'agent' | 'requester' | 'none';

/** What a user is to a ticket of NGO A opened by a.STAFF (contract/tickets.ts visibility). */
function accessOf(
  role: string,
  sameNgo: boolean,
  audience: 'ngo' | 'platform',
  isRequester: boolean,
): Access {
  if (role === 'SUPER_ADMIN') return 'agent';
  if (sameNgo && audience === 'ngo' && ['ADMIN', 'admin', 'NGO_ADMIN'].includes(role)) return 'agent';
  return isRequester ? 'requester' : 'none';
}

beforeAll(async () => {
  t = await createTestApp();
  tc = ticketClient(t);
  a = await createUserPerRole(t, await createTestNgo(t, 'Alpha Relief'));
  b = await createUserPerRole(t, await createTestNgo(t, 'Bravo Aid'));
});
afterAll(() => t.close());

describe('the permission matrix (every role × own NGO × another NGO × requester or agent)', () => {
  let ngoTicket: TicketDetail;
  let platformTicket: TicketDetail;
  const people = () =>
    everyRole.flatMap((role) => [
      { role, user: a[role]!, sameNgo: true, label: `A ${role}` },
      { role, user: b[role]!, sameNgo: false, label: `B ${role}` },
    ]);
  const cases = () =>
    people().flatMap((p) =>
      (['ngo', 'platform'] as const).map((audience) => {
        const ticket = audience === 'ngo' ? ngoTicket : platformTicket;
        const isRequester = p.user.id === a.STAFF!.id;
        return { ...p, audience, ticket, access: accessOf(p.role, p.sameNgo, audience, isRequester) };
      }),
    );

  beforeAll(async () => {
    ngoTicket = await tc.open(a.STAFF!, { subject: 'Matrix ngo', audience: 'ngo' });
    platformTicket = await tc.open(a.STAFF!, { subject: 'Matrix platform', audience: 'platform' });
  });

  it('GET /tickets/{id}: the requester and the agents read it, anyone else gets 404', async () => {
    for (const c of cases()) {
      const res = await tc.send('GET', `/${c.ticket.id}`, c.user);
      expect(res.status, `${c.label} on ${c.audience}`).toBe(c.access === 'none' ? 404 : 200);
      if (res.status === 200) {
        expect(res.body).toMatchObject({
          viewerIsAgent: c.access === 'agent',
          viewerIsRequester: c.access === 'requester',
        });
      }
    }
    expect((await tc.send('GET', `/${ngoTicket.id}`, undefined)).status).toBe(401);
    expect((await tc.send('GET', '/no-such-ticket', a.SUPER_ADMIN)).status).toBe(404);
  });

  it('GET /tickets: everyone may list; each sees exactly the tickets they may read', async () => {
    for (const p of people()) {
      const res = await tc.send('GET', '?limit=100', p.user);
      expect(res.status, p.label).toBe(200);
      const ids = (res.body as unknown as Ticket[]).map((x) => x.id);
      for (const [audience, ticket] of [
        ['ngo', ngoTicket],
        ['platform', platformTicket],
      ] as const) {
        const access = accessOf(p.role, p.sameNgo, audience, p.user.id === a.STAFF!.id);
        expect(ids.includes(ticket.id), `${p.label} lists the ${audience} ticket`).toBe(access !== 'none');
      }
    }
    expect((await tc.send('GET', '', undefined)).status).toBe(401);
  });

  it('PATCH: agents change it, the requester gets 403 for anything but close/reopen, others 404', async () => {
    let flip = false;
    for (const c of cases()) {
      flip = !flip;
      const res = await tc.send('PATCH', `/${c.ticket.id}`, c.user, { priority: flip ? 'high' : 'low' });
      const want = { agent: 200, requester: 403, none: 404 }[c.access];
      expect(res.status, `${c.label} on ${c.audience}`).toBe(want);
    }
    expect((await tc.send('PATCH', `/${ngoTicket.id}`, undefined, { priority: 'low' })).status).toBe(401);
  });

  it('POST replies: the requester and agents reply; internal notes are agents’ (403 requester); others 404', async () => {
    for (const c of cases()) {
      const pub = await tc.send('POST', `/${c.ticket.id}/replies`, c.user, { body: `From ${c.label}` });
      expect(pub.status, `reply: ${c.label} on ${c.audience}`).toBe(c.access === 'none' ? 404 : 201);
      const note = await tc.send('POST', `/${c.ticket.id}/replies`, c.user, {
        body: `Note from ${c.label}`,
        internal: true,
      });
      const want = { agent: 201, requester: 403, none: 404 }[c.access];
      expect(note.status, `note: ${c.label} on ${c.audience}`).toBe(want);
    }
    expect((await tc.send('POST', `/${ngoTicket.id}/replies`, undefined, { body: 'x' })).status).toBe(401);
  });

  it('PUT rating: only the requester (once resolved); agents who see it 403; others 404', async () => {
    const resolved = {
      ngo: await tc.open(a.STAFF!, { subject: 'Rating ngo', audience: 'ngo' }),
      platform: await tc.open(a.STAFF!, { subject: 'Rating platform', audience: 'platform' }),
    };
    for (const x of Object.values(resolved)) await tc.change(a.SUPER_ADMIN!, x.id, { status: 'resolved' });
    for (const c of cases().filter((x) => x.access !== 'requester')) {
      const res = await tc.send('PUT', `/${resolved[c.audience].id}/rating`, c.user, { score: 3 });
      expect(res.status, `${c.label} on ${c.audience}`).toBe(c.access === 'agent' ? 403 : 404);
    }
    for (const x of Object.values(resolved)) {
      expect((await tc.send('PUT', `/${x.id}/rating`, undefined, { score: 3 })).status).toBe(401);
      const rated = await tc.rate(a.STAFF!, x.id, { score: 5, comment: 'Quick and kind.' });
      expect(rated.rating).toMatchObject({ score: 5, comment: 'Quick and kind.' });
    }
  });

  it('POST /tickets: every role opens one', async () => {
    for (const p of people()) {
      const res = await tc.send('POST', '', p.user, {
        subject: `By ${p.label}`,
        description: 'x',
        category: 'other',
      });
      expect(res.status, p.label).toBe(201);
    }
    expect(
      (await tc.send('POST', '', undefined, { subject: 's', description: 'd', category: 'other' })).status,
    ).toBe(401);
  });

  it('GET /tickets/stats and /tickets/agents: agents only (403 for everyone else)', async () => {
    for (const p of people()) {
      const want = agentRoles.includes(p.role) ? 200 : 403;
      expect((await tc.send('GET', '/stats', p.user)).status, `stats ${p.label}`).toBe(want);
      expect((await tc.send('GET', '/agents', p.user)).status, `agents ${p.label}`).toBe(want);
    }
    expect((await tc.send('GET', '/stats', undefined)).status).toBe(401);
    expect((await tc.send('GET', '/agents', undefined)).status).toBe(401);
  });

  it('/tickets/agents lists the NGO’s admins by name, and for a SUPER_ADMIN the platform’s team too', async () => {
    const nadia = await tc.expectStatus<{ id: string; name: string }[]>(
      tc.send('GET', '/agents', a.NGO_ADMIN),
      200,
    );
    expect(nadia.map((p) => p.id).sort()).toEqual([a.ADMIN!.id, a.admin!.id, a.NGO_ADMIN!.id].sort());
    const lower = nadia.map((p) => p.name.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    const sam = await tc.expectStatus<{ id: string }[]>(tc.send('GET', '/agents', a.SUPER_ADMIN), 200);
    expect(sam.map((p) => p.id)).toEqual(
      expect.arrayContaining([a.SUPER_ADMIN!.id, b.SUPER_ADMIN!.id, a.NGO_ADMIN!.id, a.ADMIN!.id]),
    );
    expect(sam.map((p) => p.id)).not.toContain(b.NGO_ADMIN!.id);
    expect(sam.map((p) => p.id)).not.toContain(a.STAFF!.id);
  });

  it('an NGO admin’s own platform ticket: they are its requester there, not its agent', async () => {
    const own = await tc.open(a.NGO_ADMIN!, { subject: 'Billing question', audience: 'platform' });
    expect(own).toMatchObject({ viewerIsAgent: false, viewerIsRequester: true });
    expect((await tc.send('PATCH', `/${own.id}`, a.NGO_ADMIN, { priority: 'urgent' })).status).toBe(403);
    expect((await tc.send('GET', `/${own.id}`, a.ADMIN)).status).toBe(404);
    const mine = await tc.open(a.NGO_ADMIN!, { subject: 'Own ngo ticket', audience: 'ngo' });
    expect(mine).toMatchObject({ viewerIsAgent: true, viewerIsRequester: true });
  });
});

describe('bad input is a 400 naming the field', () => {
  let ticketId: string;
  beforeAll(async () => {
    ticketId = (await tc.open(a.STAFF!)).id;
  });

  const creates: [string, Record<string, unknown>, string][] = [
    ['an empty subject', { subject: '   ' }, 'subject'],
    ['a 201-character subject', { subject: 's'.repeat(201) }, 'subject'],
    ['no category', { category: undefined }, 'category'],
    ['an unknown category', { category: 'gossip' }, 'category'],
    ['an unknown priority', { priority: 'whenever' }, 'priority'],
    ['an unknown audience', { audience: 'world' }, 'audience'],
    ['a blank description without a chat message', { description: '  ' }, 'description'],
    ['a 10,001-character description', { description: 'd'.repeat(10_001) }, 'description'],
    ['an unknown file', { attachmentIds: ['no-such-file'] }, 'attachmentIds'],
    [
      'too many files',
      { attachmentIds: Array.from({ length: TICKET_ATTACHMENTS_MAX + 1 }, (_, i) => `f${i}`) },
      'attachmentIds',
    ],
    ['a NUL byte', { subject: 'a\u0000b' }, 'subject'],
  ];
  it.each(creates)('POST /tickets with %s', async (_, change, field) => {
    const before = await t.db.$count(tickets);
    const res = await tc.send('POST', '', a.STAFF, {
      subject: 'Subject',
      description: 'Description',
      category: 'question',
      ...change,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
    expect(await t.db.$count(tickets)).toBe(before);
  });

  it('refuses another NGO’s file, and a trashed one', async () => {
    const theirs = await uploadFile(t, b.STAFF!.token, 'theirs.txt', 'B only');
    const trashed = await uploadFile(t, a.STAFF!.token, 'old.txt', 'gone');
    expect(
      (await call(t.app, 'DELETE', `/api/files/${trashed.body.id}`, undefined, a.STAFF!.token)).status,
    ).toBe(200);
    for (const id of [theirs.body.id, trashed.body.id]) {
      const res = await tc.send('POST', '', a.STAFF, {
        subject: 's',
        description: 'd',
        category: 'other',
        attachmentIds: [id],
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('attachmentIds');
    }
    const mine = await uploadFile(t, a.VOLUNTEER!.token, 'photo.txt', 'the broken tap');
    const ok = await tc.open(a.STAFF!, { attachmentIds: [mine.body.id, mine.body.id] });
    expect(ok.attachments).toEqual([
      { id: mine.body.id, name: 'photo.txt', size: 14, contentType: mine.body.contentType },
    ]);
  });

  it('takes reply files of the ticket’s NGO only (a SUPER_ADMIN of another NGO attaches that NGO’s)', async () => {
    const x = await tc.open(a.STAFF!, { audience: 'platform' });
    const aFile = await uploadFile(t, a.STAFF!.token, 'screenshot.txt', 'error 500 at 10:02');
    const bFile = await uploadFile(t, b.SUPER_ADMIN!.token, 'platform-note.txt', 'from support');
    const mine = await tc.reply(a.STAFF!, x.id, {
      body: 'Screenshot attached',
      attachmentIds: [aFile.body.id],
    });
    expect(mine.replies.at(-1)?.attachments.map((f) => f.name)).toEqual(['screenshot.txt']);
    const refused = await tc.send('POST', `/${x.id}/replies`, b.SUPER_ADMIN, {
      body: 'See our note',
      attachmentIds: [bFile.body.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty('attachmentIds');
    const quoted = await tc.reply(b.SUPER_ADMIN!, x.id, {
      body: 'Your screenshot',
      attachmentIds: [aFile.body.id],
    });
    expect(quoted.replies.at(-1)?.attachments.map((f) => f.id)).toEqual([aFile.body.id]);
  });

  it('refuses bad changes, replies, ratings and queries', async () => {
    const bad: [string, string, unknown, string][] = [
      ['PATCH', `/${ticketId}`, {}, 'status'],
      ['PATCH', `/${ticketId}`, { status: 'lost' }, 'status'],
      ['PATCH', `/${ticketId}`, { priority: 'asap' }, 'priority'],
      ['PATCH', `/${ticketId}`, { assigneeId: a.STAFF!.id }, 'assigneeId'],
      ['PATCH', `/${ticketId}`, { assigneeId: b.NGO_ADMIN!.id }, 'assigneeId'],
      ['PATCH', `/${ticketId}`, { assigneeId: 'nobody' }, 'assigneeId'],
      ['POST', `/${ticketId}/replies`, { body: '   ' }, 'body'],
      ['POST', `/${ticketId}/replies`, { body: 'x', internal: 'yes' }, 'internal'],
      ['POST', `/${ticketId}/replies`, { body: 'x', status: 'gone' }, 'status'],
      ['POST', `/${ticketId}/replies`, { body: 'x', attachmentIds: ['nope'] }, 'attachmentIds'],
      ['PUT', `/${ticketId}/rating`, { score: 6 }, 'score'],
      ['PUT', `/${ticketId}/rating`, { score: 2.5 }, 'score'],
      ['PUT', `/${ticketId}/rating`, { score: 4, comment: 'c'.repeat(1001) }, 'comment'],
      ['GET', '?status=late', undefined, 'status'],
      ['GET', '?priority=late', undefined, 'priority'],
      ['GET', '?mine=maybe', undefined, 'mine'],
      ['GET', '?limit=0', undefined, 'limit'],
      ['GET', '?cursor=forged', undefined, 'cursor'],
      ['GET', '/stats?weeks=0', undefined, 'weeks'],
      ['GET', '/stats?weeks=53', undefined, 'weeks'],
    ];
    for (const [method, path, body, field] of bad) {
      const res = await tc.send(method, path, a.NGO_ADMIN, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.fields, `${method} ${path}`).toHaveProperty(field);
    }
  });

  it('refuses a platform ticket’s assignment to an NGO admin (only SUPER_ADMINs work those)', async () => {
    const platform = await tc.open(a.STAFF!, { audience: 'platform' });
    const res = await tc.send('PATCH', `/${platform.id}`, a.SUPER_ADMIN, { assigneeId: a.NGO_ADMIN!.id });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('assigneeId');
    const ok = await tc.change(a.SUPER_ADMIN!, platform.id, { assigneeId: b.SUPER_ADMIN!.id });
    expect(ok.assignee).toEqual({ id: b.SUPER_ADMIN!.id, name: b.SUPER_ADMIN!.name });
  });
});

describe('idempotent replays', () => {
  it('opens one ticket for a create sent twice with the same key; another body under the key is a 409', async () => {
    const before = await t.db.$count(tickets);
    const body = { subject: 'Once only', description: 'Sent from the outbox', category: 'question' };
    const one = await tc.send('POST', '', a.VOLUNTEER, body, idem('ticket-once'));
    const two = await tc.send('POST', '', a.VOLUNTEER, body, idem('ticket-once'));
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.headers.get('Idempotent-Replayed')).toBe('true');
    expect(two.body).toEqual(one.body);
    expect(await t.db.$count(tickets)).toBe(before + 1);
    const other = await tc.send('POST', '', a.VOLUNTEER, { ...body, subject: 'Else' }, idem('ticket-once'));
    expect(other.status).toBe(409);
  });

  it('stores one reply for a reply sent twice with the same key', async () => {
    const x = await tc.open(a.VOLUNTEER!);
    const one = await tc.send(
      'POST',
      `/${x.id}/replies`,
      a.VOLUNTEER,
      { body: 'More details' },
      idem('reply-1'),
    );
    const two = await tc.send(
      'POST',
      `/${x.id}/replies`,
      a.VOLUNTEER,
      { body: 'More details' },
      idem('reply-1'),
    );
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body).toEqual(one.body);
    expect(await t.db.$count(ticketReplies, eq(ticketReplies.ticketId, x.id))).toBe(1);
    expect((await tc.get(a.VOLUNTEER!, x.id)).replyCount).toBe(1);
  });
});

describe('internal notes', () => {
  it('are never shown to the requester nor counted in replyCount; agents read them', async () => {
    const x = await tc.open(a.VOLUNTEER!, { subject: 'Internal notes check' });
    await tc.reply(a.NGO_ADMIN!, x.id, { body: 'Checking with the bank.' });
    await tc.reply(a.NGO_ADMIN!, x.id, { body: 'Grace asked the same last month.', internal: true });
    await tc.reply(a.SUPER_ADMIN!, x.id, { body: 'Platform looked: fine on our side.', internal: true });
    await tc.reply(a.VOLUNTEER!, x.id, { body: 'Thank you!' });

    const mine = await tc.get(a.VOLUNTEER!, x.id);
    expect(mine.replies.map((r) => r.body)).toEqual(['Checking with the bank.', 'Thank you!']);
    expect(mine.replies.every((r) => !r.internal)).toBe(true);
    expect(mine.replyCount).toBe(2);
    const theirs = await tc.get(a.ADMIN!, x.id);
    expect(theirs.replies.map((r) => [r.body, r.internal, r.byAgent])).toEqual([
      ['Checking with the bank.', false, true],
      ['Grace asked the same last month.', true, true],
      ['Platform looked: fine on our side.', true, true],
      ['Thank you!', false, false],
    ]);
    expect(theirs.replyCount).toBe(2);
    for (const user of [a.VOLUNTEER!, a.ADMIN!]) {
      const list = await tc.expectStatus<Ticket[]>(tc.send('GET', '?limit=100&q=internal', user), 200);
      expect(list.find((y) => y.id === x.id)?.replyCount).toBe(2);
    }
    // Only the public agent reply reached the requester; notes mail nobody.
    expect(await mailsTo(t, a.VOLUNTEER!.email, `Re: #${x.number} `)).toHaveLength(1);
    expect((await mailedAbout(t, `Re: #${x.number} `)).filter((to) => to !== a.VOLUNTEER!.email)).toEqual(
      [a.ADMIN!.email, a.admin!.email, a.NGO_ADMIN!.email].sort(),
    );
  });
});

describe('a chat message becomes a ticket', () => {
  it('copies the text when no description is typed, and the message’s files', async () => {
    const chat = chatClient(t);
    const file = await uploadFile(t, a.STAFF!.token, 'meter.txt', 'reading 0042');
    const channel = await chat.channel(a.NGO_ADMIN!);
    const message = await chat.post(a.STAFF!, channel.id, {
      body: 'The water meter at Nyamata reads zero since Monday.',
      attachmentIds: [file.body.id],
    });
    const extra = await uploadFile(t, a.VOLUNTEER!.token, 'meter-photo.txt', 'photo');
    const x = await tc.open(a.VOLUNTEER!, {
      subject: 'Meter broken',
      description: '',
      sourceMessageId: message.id,
      attachmentIds: [extra.body.id, file.body.id],
    });
    expect(x).toMatchObject({
      sourceMessageId: message.id,
      description: 'The water meter at Nyamata reads zero since Monday.',
    });
    expect(x.attachments.map((f) => f.id)).toEqual([file.body.id, extra.body.id]);
    const typed = await tc.open(a.VOLUNTEER!, { description: 'My own words', sourceMessageId: message.id });
    expect(typed.description).toBe('My own words');
  });

  it('answers 404 for a message the caller may not read: a private channel they are not in, another NGO’s, a deleted one', async () => {
    const chat = chatClient(t);
    const secret = await chat.channel(a.NGO_ADMIN!, { visibility: 'private' });
    const hidden = await chat.post(a.NGO_ADMIN!, secret.id, { body: 'Salary figures' });
    const bChannel = await chat.channel(b.NGO_ADMIN!);
    const theirs = await chat.post(b.NGO_ADMIN!, bChannel.id, { body: 'Their message' });
    const open = await chat.channel(a.NGO_ADMIN!);
    const gone = await chat.post(a.VOLUNTEER!, open.id, { body: 'Typo' });
    await chat.remove(a.VOLUNTEER!, gone.id);
    for (const id of [hidden.id, theirs.id, gone.id, 'no-such-message']) {
      const res = await tc.send('POST', '', a.VOLUNTEER, {
        subject: 'From chat',
        category: 'question',
        sourceMessageId: id,
      });
      expect(res.status, id).toBe(404);
    }
    // The private channel's member may.
    const ok = await tc.open(a.NGO_ADMIN!, { description: '', sourceMessageId: hidden.id });
    expect(ok.description).toBe('Salary figures');
  });
});

describe('mail', () => {
  let requester: TestUser;
  beforeAll(async () => {
    requester = await createTestUser(t, { ngoId: a.STAFF!.ngoId, role: 'VOLUNTEER', name: 'Mail Requester' });
  });

  it('tells the NGO’s admins of a new ngo ticket, and the SUPER_ADMINs of a platform one', async () => {
    const ngo = await tc.open(requester, { subject: 'Mail ngo' });
    expect(await mailedAbout(t, `New ticket #${ngo.number} `)).toEqual(
      [a.ADMIN!.email, a.admin!.email, a.NGO_ADMIN!.email].sort(),
    );
    const platform = await tc.open(requester, { subject: 'Mail platform', audience: 'platform' });
    expect(await mailedAbout(t, `New ticket #${platform.number} `)).toEqual(
      [a.SUPER_ADMIN!.email, b.SUPER_ADMIN!.email].sort(),
    );
    const [message] = await mailsTo(t, a.NGO_ADMIN!.email, `#${ngo.number} `);
    expect(message?.text).toContain('Since this morning');
    expect(message?.text).toContain(`/admin/all-tickets?ticket=${ngo.id}`);
  });

  it('mails a public agent reply to the requester, and the requester’s reply to the assignee or the agents', async () => {
    const x = await tc.open(requester, { subject: 'Mail replies' });
    const about = `Re: #${x.number} `;
    await tc.reply(a.NGO_ADMIN!, x.id, { body: 'A note', internal: true });
    expect(await mailedAbout(t, about)).toEqual([]);
    await tc.reply(a.NGO_ADMIN!, x.id, { body: 'Which page exactly?' });
    expect(await mailedAbout(t, about)).toEqual([requester.email]);
    const [toRequester] = await mailsTo(t, requester.email, about);
    expect(toRequester?.text).toContain('> Which page exactly?');
    expect(toRequester?.text).toContain(`/feedback-requests?ticket=${x.id}`);

    await tc.reply(requester, x.id, { body: 'The donate page.' });
    expect(await mailedAbout(t, about)).toEqual(
      [requester.email, a.ADMIN!.email, a.admin!.email, a.NGO_ADMIN!.email].sort(),
    );
    await tc.change(a.NGO_ADMIN!, x.id, { assigneeId: a.ADMIN!.id });
    expect(await mailedAbout(t, `Assigned to you: #${x.number} `)).toEqual([a.ADMIN!.email]);
    await tc.reply(requester, x.id, { body: 'Any news?' });
    const toAssignee = await mailsTo(t, a.ADMIN!.email, about);
    expect(toAssignee.map((m) => m.text.includes('Any news?'))).toEqual([false, true]);
    expect((await mailsTo(t, a.NGO_ADMIN!.email, about)).length).toBe(1);
  });

  it('asks the requester for a rating when an agent resolves the ticket', async () => {
    const x = await tc.open(requester, { subject: 'Mail resolved' });
    await tc.change(a.ADMIN!, x.id, { status: 'resolved' });
    const [m] = await mailsTo(t, requester.email, `Resolved: #${x.number} `);
    expect(m?.text).toContain('tell us how we did');
    // Resolved with an internal note: the same question, and the note stays the team's.
    const y = await tc.open(requester, { subject: 'Mail resolved by a note' });
    await tc.reply(a.ADMIN!, y.id, { body: 'Duplicate of an older one', internal: true, status: 'resolved' });
    const notice = await mailsTo(t, requester.email, `#${y.number} `);
    expect(notice.map((n) => n.subject)).toEqual([`Resolved: #${y.number} Mail resolved by a note`]);
    expect(notice[0]?.text).not.toContain('Duplicate');
  });
});

describe('the audit trail', () => {
  it('records agents’ status, priority and assignment changes (not the requester’s close)', async () => {
    const x = await tc.open(a.STAFF!, { subject: 'Audited' });
    await tc.change(a.NGO_ADMIN!, x.id, {
      status: 'pending',
      priority: 'urgent',
      assigneeId: a.NGO_ADMIN!.id,
    });
    await tc.change(a.STAFF!, x.id, { status: 'closed' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, x.id));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'ticket.assigned',
      'ticket.priority_changed',
      'ticket.status_changed',
    ]);
    expect(entries.every((e) => e.actorId === a.NGO_ADMIN!.id && e.ngoId === a.NGO_ADMIN!.ngoId)).toBe(true);
    const status = entries.find((e) => e.action === 'ticket.status_changed');
    expect(status?.details).toEqual({ number: x.number, from: 'open', to: 'pending' });
    const closed = await tc.get(a.STAFF!, x.id);
    expect(closed.events.map((e) => [e.field, e.from, e.to, e.actor?.id])).toEqual(
      expect.arrayContaining([
        ['assignee', null, a.NGO_ADMIN!.name, a.NGO_ADMIN!.id],
        ['status', 'pending', 'closed', a.STAFF!.id],
      ]),
    );
    expect(ticketErrorCodes.closed).toBe('ticket_closed');
  });
});
