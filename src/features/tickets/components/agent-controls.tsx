import {
  ticketPriorityLabels,
  ticketStatusLabels,
  type TicketChange,
  type TicketDetail,
  type TicketPriority,
  type TicketStatus,
} from '@contract/tickets';
import { UserCheck } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { useTicketAgents } from '../api/get-ticket-agents';
import { useUpdateTicket } from '../api/update-ticket';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../tickets-search';

/**
 * What an agent changes on a ticket: its status, priority and assignee (the agents of GET
 * /tickets/agents), each sent as soon as chosen. Online only. A closed ticket takes no more changes,
 * except its reopening by an agent (the status).
 */
export function AgentControls({ ticket, viewerId }: { ticket: TicketDetail; viewerId: string }) {
  const offline = useOffline();
  const update = useUpdateTicket();
  const agents = useTicketAgents();
  const headingId = useId();
  const noteId = useId();
  const closed = ticket.status === 'closed';
  const disabled = offline || closed || update.isPending;
  const statusDisabled = offline || update.isPending;
  // While a change is on its way, its control shows the new value rather than jumping back.
  const asked = update.isPending ? update.variables?.change : undefined;
  const status = asked?.status ?? ticket.status;
  const priority = asked?.priority ?? ticket.priority;
  const assigneeId = asked?.assigneeId !== undefined ? asked.assigneeId : (ticket.assignee?.id ?? null);

  const people = agents.data ?? [];
  const nameOf = (id: string | null) =>
    id === null
      ? null
      : id === viewerId
        ? 'you'
        : (people.find((p) => p.id === id)?.name ?? (ticket.assignee?.id === id ? ticket.assignee.name : id));

  const change = (body: TicketChange, done: string) =>
    update.mutate(
      { ticketId: ticket.id, change: body },
      {
        onSuccess: () => notify.success(done),
        onError: (error) => notify.error(errorMessage(error, 'The ticket could not be changed. Try again.')),
      },
    );

  const options =
    ticket.assignee && !people.some((p) => p.id === ticket.assignee!.id)
      ? [ticket.assignee, ...people]
      : people;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <h3 id={headingId} className="text-base font-bold">
        Work this ticket
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Status"
          value={status}
          disabled={statusDisabled}
          aria-describedby={offline || closed ? noteId : undefined}
          onChange={(event) => {
            const to = event.target.value as TicketStatus;
            change(
              { status: to },
              closed
                ? `Ticket reopened as ${ticketStatusLabels[to]}.`
                : `Status changed to ${ticketStatusLabels[to]}.`,
            );
          }}
        >
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ticketStatusLabels[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Priority"
          value={priority}
          disabled={disabled}
          aria-describedby={offline || closed ? noteId : undefined}
          onChange={(event) => {
            const to = event.target.value as TicketPriority;
            change({ priority: to }, `Priority set to ${ticketPriorityLabels[to]}.`);
          }}
        >
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {ticketPriorityLabels[p]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Assignee"
          value={assigneeId ?? ''}
          disabled={disabled || agents.isPending}
          aria-describedby={offline || closed ? noteId : undefined}
          onChange={(event) => {
            const to = event.target.value || null;
            change({ assigneeId: to }, to ? `Assigned to ${nameOf(to)}.` : 'Unassigned.');
          }}
        >
          <option value="">{agents.isPending ? 'Loading agents…' : 'Nobody yet'}</option>
          {options.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id === viewerId ? `${p.name} (you)` : p.name}
            </option>
          ))}
        </SelectField>
      </div>
      {agents.isError && (
        <p className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(agents.error, 'The agents could not be loaded.')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void agents.refetch()}>
            Retry
          </button>
        </p>
      )}
      {ticket.assignee?.id !== viewerId && (
        <Button
          variant="secondary"
          className="self-start"
          disabled={disabled}
          aria-describedby={offline || closed ? noteId : undefined}
          onClick={() => change({ assigneeId: viewerId }, 'Assigned to you.')}
        >
          <UserCheck aria-hidden className="size-4" />
          Assign to me
        </Button>
      )}
      {(offline || closed) && (
        <NeedsNetworkNote id={noteId}>
          {closed
            ? 'This ticket is closed: reopen it (its status) to change anything else or reply.'
            : 'You are offline. Changing the status, priority or assignee needs a connection.'}
        </NeedsNetworkNote>
      )}
    </section>
  );
}
