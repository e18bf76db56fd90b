import { memberErrorCodes, type Member } from '@contract/members';
import { can } from '@contract/permissions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Users, X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { ListingStatus, MoreRow } from '@/components/listing/listing-results';
import { OfflineListNote } from '@/components/offline-list-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { SearchField } from '@/components/ui/search-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { serverErrorCode, serverErrorMessage } from '@/lib/form-errors';
import { filterSearchParams } from '@/lib/listing/listing-definition';
import { usePagedListing } from '@/lib/listing/use-paged-listing';
import { notify } from '@/lib/notify';
import { membersQueryOptions } from '../api/get-members';
import { STAFF_STALE_MS } from '../api/query-keys';
import { useUpdateMember } from '../api/update-member';
import { absoluteTime, lastSeenLabel, roleLabel } from '../format';
import {
  isFiltered,
  MEMBER_ROLES,
  MEMBER_STATUSES,
  memberStatusLabel,
  type MemberFilter,
} from '../members-filter';
import { membersListing } from '../members-listing-definition';
import { ChangeRoleDialog } from './change-role-dialog';
import { DeactivateDialog } from './deactivate-dialog';
import { memberActions, MemberRowActions, type MemberAction, type Viewer } from './member-row-actions';
import { MemberStatusBadge } from './status-badges';
import { useWideScreen } from '@/lib/use-wide-screen';

const nouns = { one: 'member', many: 'members' };
/** Typing pauses this long before the search goes into the address and to the server. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface MembersPanelProps {
  /** The committed filter: the URL's. */
  filter: MemberFilter;
  /** Commits a filter to the URL, which drives the query (the route navigates). */
  onFilterChange: (filter: MemberFilter) => void;
  viewer: Viewer;
}

type Editing = { kind: 'role' | 'deactivate'; member: Member };

/**
 * The NGO's members by name: search (narrowing what is loaded as it is typed, asking the server once
 * typing pauses), role and status filters in the URL, a table on wide screens and cards on a phone,
 * loaded page by page; each row's role change and deactivation for those who may. Offline, the list
 * seen last opens from the device and the changes say they need a connection.
 */
export function MembersPanel({ filter, onFilterChange, viewer }: MembersPanelProps) {
  const listing = usePagedListing(membersListing, { filter, onFilterChange });
  // The same query, observed for what the listing hook leaves out: a first page that failed, Retry,
  // and the staff screen's freshness (the listing machinery keeps a list 5 minutes).
  const query = useInfiniteQuery({ ...membersQueryOptions(filter), staleTime: STAFF_STALE_MS });
  const { form, offline } = listing;
  const wide = useWideScreen();
  const navigate = useNavigate();
  const update = useUpdateMember();
  const [editing, setEditing] = useState<Editing | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const offlineNoteId = useId();

  const draftQ = (form.draft.q ?? '').trim();
  const committedQ = filter.q ?? '';
  const commit = (patch: MemberFilter) =>
    onFilterChange(filterSearchParams(membersListing, { ...filter, q: draftQ, ...patch }));
  const commitSearch = useEffectEvent((q: string) => commit({ q }));
  useEffect(() => {
    if (draftQ === committedQ) return;
    const timer = setTimeout(() => commitSearch(draftQ), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draftQ, committedQ]);

  const items = listing.items;
  const anyActions = items?.some((m) => memberActions(viewer, m).length > 0) ?? false;
  const canManage = can(viewer.role, 'members:manage');

  const pendingAction = (member: Member): MemberAction | undefined => {
    if (!update.isPending || update.variables.memberId !== member.id) return undefined;
    const { change } = update.variables;
    return change.status === 'active' ? 'reactivate' : change.status ? 'deactivate' : 'role';
  };

  const reactivate = (member: Member) =>
    update.mutate(
      { memberId: member.id, change: { status: 'active' } },
      {
        onSuccess: (changed) => notify.success(`${changed.name} is active again and can sign in.`),
        onError: (error) =>
          notify.error(
            serverErrorMessage(error, `${member.name} could not be reactivated. Try again.`),
            serverErrorCode(error) === memberErrorCodes.memberLimitReached
              ? { action: { label: 'Account Settings', onClick: () => void navigate({ to: '/settings' }) } }
              : undefined,
          ),
      },
    );

  const deactivate = (member: Member) =>
    update.mutate(
      { memberId: member.id, change: { status: 'deactivated' } },
      {
        onSuccess: (changed) => {
          notify.success(`${changed.name} is deactivated. Their sessions have ended.`);
          setEditing(null);
        },
        onError: (error) => {
          notify.error(serverErrorMessage(error, `${member.name} could not be deactivated. Try again.`));
          // A refusal (the last admin, a role above yours) will not change on a retry; a lost
          // connection might, so the question stays.
          if (errorStatus(error) !== undefined) setEditing(null);
        },
      },
    );

  const onAction = (action: MemberAction, member: Member, from: HTMLElement) => {
    opener.current = from;
    if (action === 'reactivate') reactivate(member);
    else setEditing({ kind: action, member });
  };
  const closeEditing = (open: boolean) => {
    if (!open) setEditing(null);
  };
  const returnFocus = (event: Event) => {
    // Back to the row's button; if the row is gone (filtered out), the dialog's default.
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit({});
  };
  const filtered = isFiltered(filter) || Boolean(draftQ);
  const actionsDisabledBy = offline ? offlineNoteId : undefined;
  const rowProps = (member: Member) => ({
    member,
    actions: memberActions(viewer, member),
    disabledReasonId: actionsDisabledBy,
    pendingAction: pendingAction(member),
    onAction,
  });

  const nothingSaved = offline && listing.savedAt === undefined;
  const firstLoadFailed = query.isError && !query.data && !offline;

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label="Filter members"
        noValidate
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-end"
      >
        <SearchField
          label="Search by name or email"
          value={form.draft.q ?? ''}
          onChange={(event) => form.setField('q', event.target.value)}
        />
        <SelectField
          label="Role"
          value={filter.role ?? ''}
          onChange={(event) => commit({ role: (event.target.value || undefined) as MemberFilter['role'] })}
        >
          <option value="">Any role</option>
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={filter.status ?? ''}
          onChange={(event) =>
            commit({ status: (event.target.value || undefined) as MemberFilter['status'] })
          }
        >
          <option value="">Any status</option>
          {MEMBER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {memberStatusLabel[status]}
            </option>
          ))}
        </SelectField>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <ListingStatus
          count={firstLoadFailed || nothingSaved ? undefined : listing.count}
          nouns={nouns}
          loadingText={firstLoadFailed || nothingSaved ? 'Members not loaded' : 'Loading members...'}
          updating={listing.updating}
        />
        {filtered && (
          <Button variant="ghost" onClick={form.reset}>
            <X aria-hidden className="size-4" />
            Clear filters
          </Button>
        )}
      </div>

      {offline && canManage && (
        <NeedsNetworkNote id={offlineNoteId}>
          You are offline. Inviting and changing members needs a connection.
        </NeedsNetworkNote>
      )}
      {offline && items !== undefined && <OfflineListNote savedAt={listing.savedAt} />}

      {firstLoadFailed ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{errorMessage(query.error, 'The members could not be loaded.')}</Alert>
          <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : items === undefined ? (
        <LoadingOrOffline fetchStatus={query.fetchStatus}>
          <div role="status" aria-label="Loading members" className="flex flex-col gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className={wide ? 'h-12 w-full' : 'h-32 w-full'} />
            ))}
          </div>
        </LoadingOrOffline>
      ) : nothingSaved ? null : items.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <Users aria-hidden className="size-8 text-brand-600 dark:text-brand-100" />
          {filtered ? (
            <>
              <p className="font-semibold">
                {draftQ ? `No members match “${draftQ}”` : 'No members match these filters'}
                {draftQ && (filter.role || filter.status) ? ' with these filters.' : '.'}
              </p>
              <Button variant="secondary" onClick={form.reset}>
                Clear filters
              </Button>
            </>
          ) : (
            <p className="font-semibold">No members yet.</p>
          )}
        </Card>
      ) : wide ? (
        <MembersTable items={items} viewer={viewer} withActions={anyActions} rowProps={rowProps} />
      ) : (
        <ul aria-label="Members" className="flex flex-col gap-3">
          {items.map((member) => (
            <li key={member.id}>
              <MemberCard member={member} viewer={viewer} rowProps={rowProps} />
            </li>
          ))}
        </ul>
      )}

      {listing.more === 'idle' ? (
        <Button variant="secondary" className="self-center" onClick={listing.loadMore}>
          Load more members
        </Button>
      ) : (
        listing.more !== 'narrowed' && (
          <MoreRow more={listing.more} nouns={nouns} onRetry={listing.loadMore} />
        )
      )}

      {editing?.kind === 'role' && (
        <ChangeRoleDialog
          member={editing.member}
          viewerRole={viewer.role}
          onOpenChange={closeEditing}
          onCloseAutoFocus={returnFocus}
        />
      )}
      {editing?.kind === 'deactivate' && (
        <DeactivateDialog
          member={editing.member}
          pending={update.isPending}
          onConfirm={() => deactivate(editing.member)}
          onOpenChange={closeEditing}
          onCloseAutoFocus={returnFocus}
        />
      )}
    </div>
  );
}

type RowProps = (member: Member) => Parameters<typeof MemberRowActions>[0];

function YouTag({ member, viewer }: { member: Member; viewer: Viewer }) {
  if (member.id !== viewer.id) return null;
  return (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      You
    </span>
  );
}

function LastSeen({ member }: { member: Member }) {
  if (!member.lastSeenAt) return <>never</>;
  return (
    <time dateTime={member.lastSeenAt} title={absoluteTime(member.lastSeenAt)}>
      {lastSeenLabel(member.lastSeenAt)}
    </time>
  );
}

const cell = 'px-3 py-2 text-left align-middle';

function MembersTable({
  items,
  viewer,
  withActions,
  rowProps,
}: {
  items: readonly Member[];
  viewer: Viewer;
  withActions: boolean;
  rowProps: RowProps;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Members of your organisation, by name</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>
              Name
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Role
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Status
            </th>
            <th scope="col" className={`${cell} font-semibold whitespace-nowrap`}>
              Last seen
            </th>
            {withActions && (
              <th scope="col" className={`${cell} font-semibold`}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((member) => (
            <tr
              key={member.id}
              className="border-t border-slate-200 even:bg-slate-50/60 dark:border-slate-800 dark:even:bg-slate-800/40"
            >
              <td className={cell}>
                <div className="flex items-center gap-2 font-semibold">
                  {member.name}
                  <YouTag member={member} viewer={viewer} />
                </div>
                <div className="break-all text-slate-700 dark:text-slate-300">{member.email}</div>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{roleLabel(member.role)}</td>
              <td className={cell}>
                <MemberStatusBadge status={member.status} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <LastSeen member={member} />
              </td>
              {withActions && (
                <td className={cell}>
                  <div className="flex flex-wrap justify-end gap-2">
                    <MemberRowActions {...rowProps(member)} />
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MemberCard({ member, viewer, rowProps }: { member: Member; viewer: Viewer; rowProps: RowProps }) {
  const props = rowProps(member);
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold break-words">
          {member.name}
          <YouTag member={member} viewer={viewer} />
        </p>
        <MemberStatusBadge status={member.status} />
      </div>
      <p className="text-sm break-all text-slate-700 dark:text-slate-300">{member.email}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Role</dt>
        <dd>{roleLabel(member.role)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Last seen</dt>
        <dd>
          <LastSeen member={member} />
        </dd>
      </dl>
      {props.actions.length > 0 && (
        <div className="grid grid-cols-2 gap-2 pt-1">
          <MemberRowActions {...props} />
        </div>
      )}
    </Card>
  );
}
