import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema';
import { chatClient, type ChatClient } from '../routes/chat/chat-testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../testing/users';
import { mailUnreadMentions } from './chat-mention-mail';
import { createMailer, type Mailer } from './mailer';

/*
 * The mail for mentions left unread: once per mention, only after the delay, never for what was read,
 * deleted or written by the member themselves, and once even when two sweeps run at the same moment.
 */

let t: TestApp;
let chat: ChatClient;
let mailer: Mailer;
let ada: TestUser;
let ben: TestUser;
let cleo: TestUser;
const opts = { delayMinutes: 15, appUrl: 'https://portal.example' };

beforeAll(async () => {
  t = await createTestApp();
  chat = chatClient(t);
  mailer = createMailer({ db: t.db, logger: pino({ level: 'silent' }), from: 'test@example.org' });
  const ngo = await createTestNgo(t, 'Mention Relief');
  ada = await createTestUser(t, { ngoId: ngo, role: 'STAFF', name: 'Ada Mukamana' });
  ben = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Ben Habimana' });
  cleo = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Cleo Uwase' });
});
afterAll(() => t.close());

const mailsTo = (user: TestUser) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
/** Makes every message of the conversation `minutes` older, as if that time had passed. */
const age = (conversationId: string, minutes: number) =>
  t.db.execute(sql`update chat_messages set created_at = created_at - make_interval(mins => ${minutes})
    where conversation_id = ${conversationId}`);

describe('the unread mention mail', () => {
  it('waits for the delay, then mails each unread mention once, with the text and a link', async () => {
    const channel = await chat.channel(ada, { name: 'field', memberIds: [ben.id, cleo.id] });
    await chat.post(ada, channel.id, {
      body: '@Ben Habimana can you bring the seeds?',
      mentionIds: [ben.id],
    });
    await chat.post(cleo, channel.id, { body: 'And the water tank, @Ben Habimana', mentionIds: [ben.id] });
    await chat.post(ada, channel.id, { body: 'Thanks all' });

    expect(await mailUnreadMentions(t.db, mailer, opts)).toBe(0);
    await age(channel.id, 16);
    expect(await mailUnreadMentions(t.db, mailer, opts)).toBe(1);
    const [mail, ...others] = await mailsTo(ben);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('You were mentioned 2 times in #field');
    expect(mail!.text).toContain('Ada Mukamana: @Ben Habimana can you bring the seeds?');
    expect(mail!.text).toContain('Cleo Uwase: And the water tank, @Ben Habimana');
    expect(mail!.text.indexOf('seeds')).toBeLessThan(mail!.text.indexOf('water tank'));
    expect(mail!.link).toBe(`https://portal.example/team-chat?c=${channel.id}`);

    // Nothing new: no second mail; a new mention later is mailed on its own.
    expect(await mailUnreadMentions(t.db, mailer, opts)).toBe(0);
    await chat.post(cleo, channel.id, { body: 'One more thing @Ben Habimana', mentionIds: [ben.id] });
    await age(channel.id, 16);
    expect(await mailUnreadMentions(t.db, mailer, opts)).toBe(1);
    const mails = await mailsTo(ben);
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.subject === 'You were mentioned in #field')?.text).toContain('One more thing');
    expect(await mailsTo(ada)).toHaveLength(0);
  });

  it('sends nothing for a mention read in time, deleted, or to a deactivated member', async () => {
    const channel = await chat.channel(ada, { name: 'office', memberIds: [ben.id, cleo.id] });
    const read = await chat.post(ada, channel.id, { body: 'Hi @Ben Habimana', mentionIds: [ben.id] });
    await chat.expectStatus(
      chat.send('POST', `/conversations/${channel.id}/read`, ben, { seq: read.seq }),
      200,
    );
    const gone = await chat.post(ada, channel.id, { body: 'Oops @Cleo Uwase', mentionIds: [cleo.id] });
    await chat.remove(ada, gone.id);
    await age(channel.id, 30);
    const before = (await mailsTo(ben)).length + (await mailsTo(cleo)).length;
    expect(await mailUnreadMentions(t.db, mailer, opts)).toBe(0);
    expect((await mailsTo(ben)).length + (await mailsTo(cleo)).length).toBe(before);

    const dm = await chat.direct(ada, [cleo.id]);
    await chat.post(ada, dm.id, { body: 'Are you there @Cleo Uwase?', mentionIds: [cleo.id] });
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, cleo.id));
    await age(dm.id, 30);
    const cleoBefore = (await mailsTo(cleo)).length;
    await mailUnreadMentions(t.db, mailer, opts);
    expect(await mailsTo(cleo)).toHaveLength(cleoBefore);
    // The mention was settled while she was away: reactivating her does not send it late.
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, cleo.id));
    await mailUnreadMentions(t.db, mailer, opts);
    expect(await mailsTo(cleo)).toHaveLength(cleoBefore);
  });

  it('mails once when two sweeps run at the same moment', async () => {
    const dm = await chat.direct(cleo, [ada.id], 200);
    await chat.post(cleo, dm.id, { body: 'Budget question @Ada Mukamana', mentionIds: [ada.id] });
    await age(dm.id, 20);
    const counts = await Promise.all([
      mailUnreadMentions(t.db, mailer, opts),
      mailUnreadMentions(t.db, mailer, opts),
      mailUnreadMentions(t.db, mailer, opts),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const mails = await mailsTo(ada);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You were mentioned in a direct conversation');
  });
});
