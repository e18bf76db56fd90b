import {
  ticketAudienceLabels,
  ticketCategoryLabels,
  ticketPriorityLabels,
  ticketStatusLabels,
} from '@contract/tickets';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SearchField } from '@/components/ui/search-field';
import { SelectField } from '@/components/ui/select-field';
import {
  TICKET_AUDIENCES,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketFilter,
} from '../tickets-search';

/**
 * The tickets' filters: search, status, priority, category; for agents who it is assigned to and, in
 * the queue, to whom it was sent; on /feedback-requests an agent may keep to their own requests. A
 * select applies at once; the search as it is typed (debounced by the screen) or on Enter. On a phone
 * the selects fold behind 'Filters' (with how many are set), so the tickets start on the first screen.
 */
export function TicketFilters({
  filter,
  q,
  onQ,
  onSubmit,
  onChange,
  agent,
  queue,
}: {
  filter: TicketFilter;
  /** The search being typed. */
  q: string;
  onQ: (q: string) => void;
  onSubmit: () => void;
  onChange: (patch: TicketFilter) => void;
  agent: boolean;
  queue: boolean;
}) {
  const [unfolded, setUnfolded] = useState(false);
  const selectsId = useId();
  const set = [
    filter.status,
    filter.priority,
    filter.category,
    filter.assignee,
    filter.audience,
    filter.mine,
  ].filter(Boolean).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      role="search"
      aria-label="Filter tickets"
      noValidate
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <div className="min-w-0 flex-1">
          <SearchField
            label="Search the subject and description"
            value={q}
            onChange={(event) => onQ(event.target.value)}
          />
        </div>
        <Button
          variant="secondary"
          className="shrink-0 sm:hidden"
          aria-expanded={unfolded}
          aria-controls={selectsId}
          onClick={() => setUnfolded((u) => !u)}
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          Filters{set > 0 ? ` (${set})` : ''}
        </Button>
      </div>
      {/* On wider screens the wrapper disappears (contents) and the selects sit in the form's grid. */}
      <div id={selectsId} className={cn(unfolded ? 'grid' : 'hidden', 'gap-3 sm:contents')}>
        <SelectField
          label="Status"
          value={filter.status ?? ''}
          onChange={(event) =>
            onChange({ status: (event.target.value || undefined) as TicketFilter['status'] })
          }
        >
          <option value="">Any status</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ticketStatusLabels[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Priority"
          value={filter.priority ?? ''}
          onChange={(event) =>
            onChange({ priority: (event.target.value || undefined) as TicketFilter['priority'] })
          }
        >
          <option value="">Any priority</option>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {ticketPriorityLabels[p]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Category"
          value={filter.category ?? ''}
          onChange={(event) =>
            onChange({ category: (event.target.value || undefined) as TicketFilter['category'] })
          }
        >
          <option value="">Any category</option>
          {TICKET_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {ticketCategoryLabels[c]}
            </option>
          ))}
        </SelectField>
        {agent && (
          <SelectField
            label="Assigned to"
            value={filter.assignee ?? ''}
            onChange={(event) =>
              onChange({ assignee: (event.target.value || undefined) as TicketFilter['assignee'] })
            }
          >
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">Nobody yet</option>
          </SelectField>
        )}
        {agent && queue && (
          <SelectField
            label="Sent to"
            value={filter.audience ?? ''}
            onChange={(event) =>
              onChange({ audience: (event.target.value || undefined) as TicketFilter['audience'] })
            }
          >
            <option value="">Anyone</option>
            {TICKET_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {ticketAudienceLabels[a]}
              </option>
            ))}
          </SelectField>
        )}
        {agent && !queue && (
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={filter.mine === 'true'}
              onChange={(event) => onChange({ mine: event.target.checked ? 'true' : undefined })}
            />
            Only tickets I asked
          </label>
        )}
      </div>
    </form>
  );
}
