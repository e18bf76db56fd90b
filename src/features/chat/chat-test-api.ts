import type { ChatAttachment, ChatPerson, Conversation, Message, SearchHit } from '@contract/chat';
import type { StorageItem } from '@contract/files';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { conversationOf, messageOf } from './testing';

/**
 * An in-memory stand-in for /api/chat behind the fetch stub, for the screen's tests: it keeps the
 * messages posted (a resend of a client id answers the stored one, as the server does) and lets a
 * test hold or refuse a post. The file layer's part that attachments use is there too: folders,
 * single-request uploads (through FetchBackedXhr), thumbnails and contents.
 */
export function stubChatApi(
  options: {
    conversations?: Conversation[];
    messages?: Message[];
    people?: ChatPerson[];
    hits?: SearchHit[];
    /** Answers a post instead of storing it (a refusal, a hang). */
    onPost?: (body: {
      body: string;
      clientId: string;
    }) => Response | Promise<Response | undefined> | undefined;
    /** Answers an upload instead of storing it (a refusal, a hang). */
    onUpload?: (name: string) => Response | Promise<Response | undefined> | undefined;
  } = {},
) {
  const stored: StorageItem[] = [];
  const itemOf = (over: Partial<StorageItem>): StorageItem => ({
    kind: 'file',
    id: `file${stored.length + 1}`,
    name: 'file',
    folderId: null,
    ownerId: 'grace',
    ownerName: 'Grace Volunteer',
    sizeBytes: null,
    contentType: null,
    sha256: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    deletedAt: null,
    ...over,
  });
  const attachmentOf = (id: string): ChatAttachment => {
    const file = stored.find((f) => f.id === id)!;
    const contentType = file.contentType ?? 'application/octet-stream';
    return {
      fileId: id,
      name: file.name,
      contentType,
      size: file.sizeBytes ?? 0,
      hasThumbnail: contentType.startsWith('image/'),
    };
  };
  const conversations = options.conversations ?? [conversationOf()];
  const messages = [...(options.messages ?? [messageOf()])];
  const people = options.people ?? conversations[0]?.members ?? [];
  let rev = Math.max(0, ...messages.map((m) => m.rev));
  let seq = Math.max(0, ...messages.map((m) => m.seq));

  const handler = async (request: StubbedRequest): Promise<Response> => {
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const get = request.method === 'GET';
    if (get && path === '/chat/conversations') return jsonResponse(conversations);
    if (get && path === '/chat/people') return jsonResponse(people);
    if (get && path === '/chat/unread') return jsonResponse({ conversations: 0, messages: 0, mentions: 0 });
    if (get && path === '/chat/search') return jsonResponse(options.hits ?? []);
    if (path === '/folders' || path === '/files') {
      const kind = path === '/folders' ? 'folder' : 'file';
      if (get) return jsonResponse(stored.filter((i) => i.kind === kind));
      if (kind === 'folder') {
        const made = itemOf({ kind, id: 'folder1', name: (request.body as { name: string }).name });
        stored.push(made);
        return jsonResponse(made, 201);
      }
      const name = url.searchParams.get('name')!;
      const answer = await options.onUpload?.(name);
      if (answer) return answer;
      const bytes = request.body as Blob;
      const made = itemOf({
        name,
        folderId: url.searchParams.get('folderId'),
        sizeBytes: bytes.size,
        contentType: bytes.type || 'application/octet-stream',
      });
      stored.push(made);
      return jsonResponse(made, 201);
    }
    const fileBytes = /^\/files\/([^/]+)\/(thumbnail|content)$/.exec(path);
    if (get && fileBytes) return new Response(`${fileBytes[2]} of ${fileBytes[1]}`, { status: 200 });
    const settings = /^\/chat\/conversations\/([^/]+)(\/members(?:\/([^/]+))?)?$/.exec(path);
    if (settings && !get) {
      const [, conversationId, members, userId] = settings;
      const index = conversations.findIndex((c) => c.id === conversationId);
      const current = conversations[index]!;
      const ids = (request.body as { userIds?: string[] } | null)?.userIds ?? [];
      const next: Conversation = !members
        ? { ...current, ...(request.body as Partial<Conversation>) }
        : request.method === 'POST'
          ? { ...current, members: [...current.members, ...people.filter((p) => ids.includes(p.id))] }
          : { ...current, members: current.members.filter((m) => m.id !== userId) };
      conversations[index] = next;
      return request.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(next);
    }
    const inConversation = /^\/chat\/conversations\/([^/]+)\/(messages|read)$/.exec(path);
    if (inConversation) {
      const [, conversationId, what] = inConversation;
      const conversation = conversations.find((c) => c.id === conversationId)!;
      if (what === 'read')
        return jsonResponse({
          ...conversation,
          lastReadSeq: (request.body as { seq: number }).seq,
          unread: 0,
          mentioned: false,
        });
      if (get) {
        const parentId = url.searchParams.get('parentId');
        const items = messages.filter((m) => m.conversationId === conversationId && m.parentId === parentId);
        return jsonResponse({ items, hasMore: false, rev });
      }
      const body = request.body as {
        body: string;
        clientId: string;
        mentionIds?: string[];
        parentId?: string;
        attachmentIds?: string[];
      };
      const answer = await options.onPost?.(body);
      if (answer) return answer;
      const stored = messages.find((m) => m.clientId === body.clientId);
      if (stored) return jsonResponse(stored, 200);
      const made = messageOf({
        id: `new${++seq}`,
        conversationId: conversationId!,
        clientId: body.clientId,
        seq,
        rev: ++rev,
        authorId: 'grace',
        authorName: 'Grace Volunteer',
        body: body.body,
        mentionIds: body.mentionIds ?? [],
        attachments: (body.attachmentIds ?? []).map(attachmentOf),
        parentId: body.parentId ?? null,
        createdAt: new Date().toISOString(),
      });
      messages.push(made);
      return jsonResponse(made, 201);
    }
    const onMessage = /^\/chat\/messages\/([^/]+)(\/reactions)?$/.exec(path);
    if (onMessage) {
      const index = messages.findIndex((m) => m.id === onMessage[1]);
      const held = messages[index]!;
      let next: Message;
      if (onMessage[2]) {
        const { emoji, on } = request.body as { emoji: string; on: boolean };
        const others = held.reactions.filter((r) => r.emoji !== emoji);
        const users = (held.reactions.find((r) => r.emoji === emoji)?.userIds ?? []).filter(
          (u) => u !== 'grace',
        );
        const userIds = on ? [...users, 'grace'] : users;
        next = { ...held, reactions: userIds.length ? [...others, { emoji, userIds }] : others };
      } else if (request.method === 'DELETE') {
        next = { ...held, body: '', deletedAt: new Date().toISOString() };
      } else {
        next = { ...held, body: (request.body as { body: string }).body, editedAt: new Date().toISOString() };
      }
      messages[index] = { ...next, rev: ++rev };
      return jsonResponse(messages[index]);
    }
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  };
  const stub = stubFetch(handler);
  const posts = () =>
    stub.requests
      .filter((r) => r.method === 'POST' && r.url.endsWith('/messages'))
      .map((r) => (r.body as { body: string }).body);
  return { ...stub, messages, posts, stored };
}
