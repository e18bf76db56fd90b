import { Link } from '@tanstack/react-router';

/** In the toast after 'Create ticket': where the new ticket is followed. */
export function TicketCreatedLink({ ticketId, number }: { ticketId: string; number: number }) {
  return (
    <Link to="/feedback-requests" search={{ ticket: ticketId }} className="font-semibold underline">
      Open ticket #{number}
    </Link>
  );
}
