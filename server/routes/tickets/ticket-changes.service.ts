import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AuditAction } from '../../../contract/audit';
import {
  ticketErrorCodes,
  ticketSlaTargets,
  type TicketDetail,
  type TicketPriority,
  type TicketRatingSet,
  type ticketReplyCreate,
  type TicketStatus,
} from '../../../contract/tickets';
import type { DbExecutor } from '../../db';
import { ticketEvents, ticketReplies, tickets } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { recordAudit } from '../../services/audit';
import { newId } from '../../services/ids';
import {
  assertAssignable,
  isAgentFor,
  isRequesterOf,
  visibleTicket,
  type TicketCaller,
  type TicketRow,
} from './tickets-access';
import {
  mailAgentReplied,
  mailAssigned,
  mailRequesterReplied,
  mailResolved,
  type TicketMailDeps,
} from './tickets-mail';
import { minutes, ticketAttachmentsOf } from './tickets.service';
import { ticketDetailJson } from './tickets-view';

/*
 * Changes to a ticket: PATCH (status, priority, assignee), replies and notes, the rating. Each runs in
 * one transaction on the ticket's locked row, so two agents changing it at once are decided in turn
 * on the latest state; its history rows, audit entries and mails commit with it.
 */

const closedRefusal = () =>
  new ApiError(409, 'This ticket is closed; open a new one if you still need help.', {
    code: ticketErrorCodes.closed,
  });

const isDone = (status: string) => status === 'resolved' || status === 'closed';

export interface TicketChanges {
  status?: TicketStatus;
  priority?: TicketPriority;
  /** null unassigns. */
  assigneeId?: string | null;
}

const auditActionOf: Record<'status' | 'priority' | 'assignee', AuditAction> = {
  status: 'ticket.status_changed',
  priority: 'ticket.priority_changed',
  assignee: 'ticket.assigned',
};

/**
 * Writes the changes that differ from the row (already checked: the caller may make them), with one
 * history row each, and an audit entry each when an agent made them. SLA: a new priority moves both
 * due times by the difference of its targets (the resolution clock keeps its start); resolving or
 * closing stops the resolution clock (resolved_at, kept from resolved to closed); reopening clears it
 * and restarts the clock from now.
 */
async function applyChanges(
  tx: DbExecutor,
  caller: TicketCaller,
  row: TicketRow,
  changes: TicketChanges,
): Promise<{ field: 'status' | 'priority' | 'assignee'; from: string | null; to: string | null }[]> {
  const changed: { field: 'status' | 'priority' | 'assignee'; from: string | null; to: string | null }[] = [];
  const set: PgUpdateSetSource<typeof tickets> = {};
  const oldPriority = row.priority as TicketPriority;
  const priority = changes.priority ?? oldPriority;
  const target = ticketSlaTargets[priority];
  if (priority !== oldPriority) {
    set.priority = priority;
    set.firstReplyDueAt = sql`${tickets.createdAt} + ${minutes(target.firstReplyMinutes)}`;
    const delta = target.resolveMinutes - ticketSlaTargets[oldPriority].resolveMinutes;
    set.resolveDueAt = sql`${tickets.resolveDueAt} + ${minutes(delta)}`;
    changed.push({ field: 'priority', from: oldPriority, to: priority });
  }
  if (changes.status !== undefined && changes.status !== row.status) {
    set.status = changes.status;
    if (isDone(changes.status)) {
      if (!row.resolvedAt) set.resolvedAt = sql`now()`;
    } else if (isDone(row.status)) {
      set.resolvedAt = null;
      set.resolveDueAt = sql`now() + ${minutes(target.resolveMinutes)}`;
    }
    changed.push({ field: 'status', from: row.status, to: changes.status });
  }
  if (changes.assigneeId !== undefined && changes.assigneeId !== row.assigneeId) {
    if (changes.assigneeId !== null) await assertAssignable(tx, row, changes.assigneeId);
    set.assigneeId = changes.assigneeId;
    changed.push({ field: 'assignee', from: row.assigneeId, to: changes.assigneeId });
  }
  if (changed.length === 0) return changed;
  await tx
    .update(tickets)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(tickets.id, row.id));
  await tx.insert(ticketEvents).values(
    changed.map((c) => ({
      id: newId(),
      ticketId: row.id,
      ngoId: row.ngoId,
      actorId: caller.id,
      field: c.field,
      fromValue: c.from,
      toValue: c.to,
    })),
  );
  if (isAgentFor(caller, row)) {
    for (const c of changed) {
      await recordAudit(tx, {
        ngoId: row.ngoId,
        actorId: caller.id,
        action: auditActionOf[c.field],
        targetType: 'ticket',
        targetId: row.id,
        details: { number: row.number, from: c.from, to: c.to },
      });
    }
  }
  return changed;
}

/**
 * What a requester who does not work the ticket may change: close it, or reopen it once resolved
 * (setting 'open' on an open ticket changes nothing). Anything else is a 403; a closed ticket a 409.
 */
function checkRequesterChange(row: TicketRow, changes: TicketChanges) {
  const refuse = () => {
    throw new ApiError(403, 'You can close your ticket, or reopen it once resolved; the team does the rest.');
  };
  if (changes.priority !== undefined || changes.assigneeId !== undefined) refuse();
  if (changes.status === 'closed') {
    if (row.status === 'closed') throw closedRefusal();
    return;
  }
  if (changes.status === 'open') {
    if (row.status === 'closed') throw closedRefusal();
    if (row.status === 'resolved' || row.status === 'open') return;
  }
  refuse();
}

const personOf = (caller: TicketCaller) => ({ id: caller.id, name: caller.name });

/** PATCH /tickets/{id}. */
export async function changeTicket(
  a: TicketMailDeps,
  caller: TicketCaller,
  ticketId: string,
  changes: TicketChanges,
): Promise<TicketDetail> {
  await a.db.transaction(async (tx) => {
    const row = await visibleTicket(tx, caller, ticketId, true);
    const agent = isAgentFor(caller, row);
    if (!agent) checkRequesterChange(row, changes);
    else if (row.status === 'closed' && changes.status !== 'open') throw closedRefusal();
    const changed = await applyChanges(tx, caller, row, changes);
    const mail = { ...a, db: tx };
    for (const c of changed) {
      if (c.field === 'assignee' && c.to) await mailAssigned(mail, row, c.to, personOf(caller));
      if (c.field === 'status' && c.to === 'resolved' && agent) {
        await mailResolved(mail, row, personOf(caller));
      }
    }
  });
  return ticketDetailJson(a.db, caller, ticketId);
}

type ReplyInput = z.output<typeof ticketReplyCreate>;

/**
 * POST /tickets/{id}/replies. Internal notes and a status with the reply are for agents (403
 * otherwise). A public reply by an agent other than the requester stops the first-reply clock (once)
 * and is mailed to the requester; the requester's reply reopens a pending or resolved ticket and is
 * mailed to the assignee, or to the agents while nobody is assigned. A closed ticket takes no reply.
 */
export async function replyToTicket(
  a: TicketMailDeps,
  caller: TicketCaller,
  ticketId: string,
  input: ReplyInput,
): Promise<TicketDetail> {
  await a.db.transaction(async (tx) => {
    const row = await visibleTicket(tx, caller, ticketId, true);
    const agent = isAgentFor(caller, row);
    const requester = isRequesterOf(caller, row);
    if (input.internal && !agent) {
      throw new ApiError(403, 'Only the team working a ticket writes internal notes.');
    }
    if (input.status !== undefined && !agent) {
      throw new ApiError(403, 'Only the team working a ticket sets its status with a reply.');
    }
    if (row.status === 'closed') throw closedRefusal();
    // The ticket's NGO's files (a SUPER_ADMIN answering another NGO attaches that NGO's), so the
    // requester can open them.
    const attachments = await ticketAttachmentsOf(tx, row.ngoId, input.attachmentIds);
    const byAgent = agent && !requester;
    await tx.insert(ticketReplies).values({
      id: newId(),
      ticketId,
      ngoId: row.ngoId,
      authorId: caller.id,
      byAgent,
      body: input.body,
      internal: input.internal,
      attachments,
    });
    const firstReply = byAgent && !input.internal && !row.firstReplyAt;
    await tx
      .update(tickets)
      .set({
        updatedAt: sql`now()`,
        ...(!input.internal && { replyCount: sql`${tickets.replyCount} + 1` }),
        ...(firstReply && { firstReplyAt: sql`now()` }),
      })
      .where(eq(tickets.id, ticketId));
    let status = input.status;
    if (status === undefined && requester && !byAgent && !input.internal && row.status !== 'open') {
      // pending or resolved: the requester answered, so the ball is back with the team.
      status = 'open';
    }
    const changed = status === undefined ? [] : await applyChanges(tx, caller, row, { status });
    const mail = { ...a, db: tx };
    const resolved = changed.some((c) => c.field === 'status' && c.to === 'resolved');
    if (input.internal) {
      // A note is the team's; resolving with it still asks the requester for a rating.
      if (resolved) await mailResolved(mail, row, personOf(caller));
    } else if (byAgent) {
      await mailAgentReplied(mail, row, personOf(caller), input.body, resolved);
    } else if (requester) {
      await mailRequesterReplied(mail, row, personOf(caller), input.body);
    }
  });
  return ticketDetailJson(a.db, caller, ticketId);
}

/** PUT /tickets/{id}/rating: the requester's, once, on a resolved or closed ticket. */
export async function rateTicket(
  db: DbExecutor,
  caller: TicketCaller,
  ticketId: string,
  input: TicketRatingSet & { comment: string },
): Promise<TicketDetail> {
  await db.transaction(async (tx) => {
    const row = await visibleTicket(tx, caller, ticketId, true);
    if (!isRequesterOf(caller, row)) throw new ApiError(403, 'Only the person who asked rates a ticket.');
    if (row.ratingScore !== null) {
      throw new ApiError(409, 'This ticket was already rated.', { code: ticketErrorCodes.alreadyRated });
    }
    if (!isDone(row.status)) {
      throw new ApiError(409, 'A ticket is rated once it is resolved.', {
        code: ticketErrorCodes.notResolved,
      });
    }
    await tx
      .update(tickets)
      .set({
        ratingScore: input.score,
        ratingComment: input.comment,
        ratedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(tickets.id, ticketId));
  });
  return ticketDetailJson(db, caller, ticketId);
}
