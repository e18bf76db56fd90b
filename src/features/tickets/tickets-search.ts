import type { SortOrder } from '@contract/content-common';
import type { Ticket, TicketAudience, TicketCategory, TicketPriority, TicketStatus } from '@contract/tickets';
import { enumParam, searchParamsReader, textParam } from '@/lib/listing/search-params-reader';
import { getStoredUser } from '@/lib/session';

/*
 * The tickets screens' URL (/feedback-requests and /admin/all-tickets): the filters, so a filtered
 * queue is a shareable link, and the open ticket (`?ticket=<id>`, like Team Chat's `?c=`), so a
 * ticket is a link and Back closes it. Read by hand, keeping zod off the route tree (ADR 0006): the
 * values are contract/tickets.ts's, repeated and typed from it.
 */

export const TICKET_STATUSES = [
  'open',
  'pending',
  'resolved',
  'closed',
] as const satisfies readonly TicketStatus[];
export const TICKET_PRIORITIES = [
  'low',
  'normal',
  'high',
  'urgent',
] as const satisfies readonly TicketPriority[];
export const TICKET_CATEGORIES = [
  'question',
  'problem',
  'account',
  'feature',
  'feedback',
  'other',
] as const satisfies readonly TicketCategory[];
export const TICKET_AUDIENCES = ['ngo', 'platform'] as const satisfies readonly TicketAudience[];
/** The queue's assignee filter: the agent's own tickets, or nobody's yet. */
export const TICKET_ASSIGNEE_FILTERS = ['me', 'none'] as const;

/** GET /api/tickets's filters (contract ticketListQuery) as the listing machinery holds them. */
export type TicketFilter = {
  q?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  audience?: TicketAudience;
  assignee?: (typeof TICKET_ASSIGNEE_FILTERS)[number];
  /** 'true': only what the caller asked (an agent's own requests). */
  mine?: 'true';
  /** The API answers newest first; there is no other order to choose. */
  sortBy?: 'createdAt';
  sortOrder?: SortOrder;
};

export type TicketsSearch = Omit<TicketFilter, 'sortBy' | 'sortOrder'> & {
  /** The ticket open in the detail view. */
  ticket?: string;
};

// The router reads ?mine=true as a boolean.
const mineParam = (raw: unknown) => (raw === true || raw === 'true' ? ('true' as const) : undefined);
// Ids are opaque; a number-looking one arrives as a number.
const idParam = (raw: unknown) =>
  (typeof raw === 'string' || typeof raw === 'number') && String(raw).trim() && String(raw).length <= 100
    ? String(raw).trim()
    : undefined;

export const ticketsSearch = searchParamsReader<TicketsSearch>({
  // contract querySearch: at most 200 characters.
  q: textParam(200),
  status: enumParam(TICKET_STATUSES),
  priority: enumParam(TICKET_PRIORITIES),
  category: enumParam(TICKET_CATEGORIES),
  audience: enumParam(TICKET_AUDIENCES),
  assignee: enumParam(TICKET_ASSIGNEE_FILTERS),
  mine: mineParam,
  ticket: idParam,
});

/** The list a search asks for: the filters, without the open ticket. */
export const ticketFilterOf = ({ ticket: _ticket, ...filter }: TicketsSearch): TicketFilter => {
  const out: TicketFilter = {};
  for (const [key, value] of Object.entries(filter)) if (value) Object.assign(out, { [key]: value });
  return out;
};

export const isFiltered = (filter: TicketFilter) =>
  Boolean(
    filter.q ||
    filter.status ||
    filter.priority ||
    filter.category ||
    filter.audience ||
    filter.assignee ||
    filter.mine,
  );

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The loaded tickets a typed search keeps while the server is asked (and, offline, what a saved list
 * shows), by the server's rule where the list has what it reads (tickets.service.ts): every word typed
 * starts a word of the subject (the server reads the description too); the other filters exactly.
 */
export const ticketMatcher = (filter: TicketFilter) => {
  const typed = wordsOf(filter.q ?? '');
  const me = getStoredUser()?.id ?? '';
  return (t: Ticket) => {
    const subject = typed.length ? wordsOf(t.subject) : [];
    return (
      typed.every((w) => subject.some((s) => s.startsWith(w))) &&
      (!filter.status || t.status === filter.status) &&
      (!filter.priority || t.priority === filter.priority) &&
      (!filter.category || t.category === filter.category) &&
      (!filter.audience || t.audience === filter.audience) &&
      (!filter.assignee || (filter.assignee === 'none' ? t.assignee === null : t.assignee?.id === me)) &&
      (!filter.mine || t.requester.id === me)
    );
  };
};

/** The API's order: created_at desc, id desc. */
export const compareTickets = (sortOrder: SortOrder) => (a: Ticket, b: Ticket) => {
  const sign = sortOrder === 'asc' ? 1 : -1;
  if (a.createdAt !== b.createdAt) return sign * (a.createdAt < b.createdAt ? -1 : 1);
  return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
};
