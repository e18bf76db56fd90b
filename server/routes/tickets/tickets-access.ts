import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { tickets, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';

/*
 * Who sees and works which ticket (contract/tickets.ts). A SUPER_ADMIN is an agent of every ticket,
 * of every NGO and both audiences; an ADMIN or NGO_ADMIN is an agent of their own NGO's 'ngo' tickets;
 * everyone sees the tickets they asked (within their NGO, as every NGO-owned row). Anything else is a
 * 404, never a 403, so ticket ids cannot be probed.
 */

export interface TicketCaller {
  id: string;
  role: string;
  name: string;
  tenant: Tenant;
}

export type TicketRow = typeof tickets.$inferSelect;

/** The stored spellings of the NGO agent roles ('admin' is the legacy ADMIN). */
export const NGO_AGENT_ROLES = ['ADMIN', 'admin', 'NGO_ADMIN'] as const;

export const ticketNotFound = () => new ApiError(404, 'Ticket not found.');

export const isPlatformAgent = (caller: Pick<TicketCaller, 'role'>) =>
  normalizeRole(caller.role) === 'SUPER_ADMIN';

export const isNgoAgent = (caller: Pick<TicketCaller, 'role'>) =>
  ['ADMIN', 'NGO_ADMIN'].includes(normalizeRole(caller.role));

/** Whether the caller works this ticket (sees its internal notes, changes it). */
export function isAgentFor(caller: TicketCaller, row: Pick<TicketRow, 'ngoId' | 'audience'>): boolean {
  if (isPlatformAgent(caller)) return true;
  return isNgoAgent(caller) && row.audience === 'ngo' && row.ngoId === caller.tenant.ngoId;
}

export const isRequesterOf = (caller: TicketCaller, row: Pick<TicketRow, 'ngoId' | 'requesterId'>) =>
  row.requesterId === caller.id && row.ngoId === caller.tenant.ngoId;

export const canSee = (caller: TicketCaller, row: Pick<TicketRow, 'ngoId' | 'audience' | 'requesterId'>) =>
  isAgentFor(caller, row) || isRequesterOf(caller, row);

/** The tickets the caller works, in SQL over `tickets e` (the stats' scope). */
export function agentScope(caller: TicketCaller): SQL {
  if (isPlatformAgent(caller)) return sql`true`;
  if (isNgoAgent(caller)) return sql`(e.ngo_id = ${caller.tenant.ngoId} and e.audience = 'ngo')`;
  return sql`false`;
}

/** The tickets the caller may see, in SQL over `tickets e` (the listing's scope). */
export function visibleScope(caller: TicketCaller): SQL {
  if (isPlatformAgent(caller)) return sql`true`;
  const own = sql`(e.requester_id = ${caller.id} and e.ngo_id = ${caller.tenant.ngoId})`;
  if (isNgoAgent(caller)) return sql`(${agentScope(caller)} or ${own})`;
  return own;
}

/** A ticket the caller may see, optionally locked for a write; a 404 otherwise. */
export async function visibleTicket(
  db: DbExecutor,
  caller: TicketCaller,
  ticketId: string,
  lock = false,
): Promise<TicketRow> {
  const query = db.select().from(tickets).where(eq(tickets.id, ticketId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !canSee(caller, row)) throw ticketNotFound();
  return row;
}

/** The active users who may work tickets like this one: its NGO's admins ('ngo' only) and SUPER_ADMINs. */
export function agentsOf(ticket: Pick<TicketRow, 'ngoId' | 'audience'>): SQL | undefined {
  const ngoAdmins = and(eq(users.ngoId, ticket.ngoId), inArray(users.role, [...NGO_AGENT_ROLES]));
  return and(
    eq(users.status, 'active'),
    ticket.audience === 'ngo'
      ? sql`(${eq(users.role, 'SUPER_ADMIN')} or ${ngoAdmins})`
      : eq(users.role, 'SUPER_ADMIN'),
  );
}

/** 400 naming `assigneeId` unless the user is an active agent who can see the ticket. */
export async function assertAssignable(
  db: DbExecutor,
  ticket: Pick<TicketRow, 'ngoId' | 'audience'>,
  assigneeId: string,
): Promise<void> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, assigneeId), agentsOf(ticket)))
    .limit(1);
  if (found) return;
  const message =
    'Assign the ticket to an agent who works it (an admin of its organisation, or platform support).';
  throw new ApiError(400, message, { fields: { assigneeId: message } });
}
