import type { Ticket, TicketDetail, TicketReply } from '@contract/tickets';

/** A ticket of the feature's tests: Eric's question to his NGO's admins, open, unless told otherwise. */
export const ticketOf = (over: Partial<Ticket> = {}): Ticket => ({
  id: 't1',
  number: 1042,
  ngoId: 'ngo1',
  ngoName: 'Hope Bridge Foundation',
  subject: 'The donation page shows the wrong currency',
  category: 'problem',
  priority: 'normal',
  status: 'open',
  audience: 'ngo',
  requester: { id: 'eric', name: 'Eric Staff' },
  assignee: null,
  sourceMessageId: null,
  replyCount: 0,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  firstReplyAt: null,
  firstReplyDueAt: '2026-11-20T17:00:00.000Z',
  resolvedAt: null,
  resolveDueAt: '2026-11-23T09:00:00.000Z',
  rating: null,
  ...over,
});

/** The same ticket as GET /tickets/{id} answers it, seen by its requester unless told otherwise. */
export const detailOf = (over: Partial<TicketDetail> = {}): TicketDetail => ({
  ...ticketOf(over),
  description: 'Donors in Kigali see dollars instead of francs.',
  attachments: [],
  replies: [],
  events: [],
  viewerIsAgent: false,
  viewerIsRequester: true,
  ...over,
});

/** A public reply by Nadia, the NGO's admin, unless told otherwise. */
export const replyOf = (over: Partial<TicketReply> = {}): TicketReply => ({
  id: 'r1',
  author: { id: 'nadia', name: 'Nadia Uwase' },
  byAgent: true,
  body: 'Thanks Eric, we are looking at it.',
  internal: false,
  attachments: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
