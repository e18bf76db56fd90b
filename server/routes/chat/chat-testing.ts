import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type {
  Conversation,
  ConversationCreate,
  Message,
  MessageCreate,
  MessagePage,
} from '../../../contract/chat';
import { call, type TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/users';

/** Helpers of the chat API tests: each call checks its status and answers the parsed body. */
export function chatClient(t: TestApp) {
  const send = (method: string, path: string, user: TestUser | undefined, body?: unknown) =>
    call(t.app, method, `/api/chat${path}`, body, user?.token);

  const expectStatus = async <T>(promise: ReturnType<typeof send>, status: number): Promise<T> => {
    const res = await promise;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as unknown as T;
  };

  return {
    send,
    channel: (user: TestUser, body: Partial<Extract<ConversationCreate, { kind: 'channel' }>> = {}) =>
      expectStatus<Conversation>(
        send('POST', '/conversations', user, {
          kind: 'channel',
          name: `channel-${randomUUID().slice(0, 8)}`,
          visibility: 'public',
          ...body,
        }),
        201,
      ),
    direct: (user: TestUser, memberIds: string[], status = 201) =>
      expectStatus<Conversation>(send('POST', '/conversations', user, { kind: 'direct', memberIds }), status),
    conversation: (user: TestUser, id: string) =>
      expectStatus<Conversation>(send('GET', `/conversations/${id}`, user), 200),
    post: (user: TestUser, conversationId: string, body: Partial<MessageCreate> = {}, status = 201) =>
      expectStatus<Message>(
        send('POST', `/conversations/${conversationId}/messages`, user, {
          clientId: randomUUID(),
          body: 'Hello team',
          ...body,
        }),
        status,
      ),
    page: (user: TestUser, conversationId: string, query = '') =>
      expectStatus<MessagePage>(send('GET', `/conversations/${conversationId}/messages${query}`, user), 200),
    react: (user: TestUser, messageId: string, emoji: string, on: boolean, status = 200) =>
      expectStatus<Message>(send('PUT', `/messages/${messageId}/reactions`, user, { emoji, on }), status),
    edit: (user: TestUser, messageId: string, body: string, status = 200) =>
      expectStatus<Message>(send('PATCH', `/messages/${messageId}`, user, { body }), status),
    remove: (user: TestUser, messageId: string, status = 200) =>
      expectStatus<Message>(send('DELETE', `/messages/${messageId}`, user), status),
    read: (user: TestUser, conversationId: string, seq: number) =>
      expectStatus<Conversation>(send('POST', `/conversations/${conversationId}/read`, user, { seq }), 200),
    expectStatus,
  };
}
export type ChatClient = ReturnType<typeof chatClient>;
