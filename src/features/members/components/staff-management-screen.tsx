import { can } from '@contract/permissions';
import { Link } from '@tanstack/react-router';
import { Lock, Send, UserPlus } from 'lucide-react';
import { useCallback, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { NeedsNetworkNote, OFFLINE_REASON } from '@/components/ui/needs-network';
import { useOffline } from '@/lib/connectivity';
import { useSeats } from '../api/get-seats';
import {
  memberFilterOf,
  STAFF_TABS,
  type MemberFilter,
  type StaffSearch,
  type StaffTab,
} from '../members-filter';
import { InvitationsPanel } from './invitations-panel';
import { InviteDialog } from './invite-dialog';
import type { Viewer } from './member-row-actions';
import { MembersPanel } from './members-panel';
import { SeatMeter, seatsFull } from './seat-meter';

export interface StaffManagementScreenProps {
  /** The URL's search params (members-filter.ts). */
  search: StaffSearch;
  /** Changes the URL: keys given as undefined are removed. */
  onSearchChange: (patch: Partial<StaffSearch>, options?: { replace?: boolean }) => void;
  viewer: Viewer;
}

const tabLabels: Record<StaffTab, string> = { members: 'Members', invitations: 'Invitations' };

/**
 * /staff-management: the organisation's members and its invitations. Admins (members:manage) see
 * the plan's seats, invite by email, change roles and deactivate; staff, analysts and viewers read
 * the member list; volunteers are told the screen is not theirs. The server checks every request.
 */
export function StaffManagementScreen({ search, onSearchChange, viewer }: StaffManagementScreenProps) {
  if (!can(viewer.role, 'members:read')) return <NotForYourRole />;
  return <StaffScreen search={search} onSearchChange={onSearchChange} viewer={viewer} />;
}

function StaffScreen({ search, onSearchChange, viewer }: StaffManagementScreenProps) {
  const canManage = can(viewer.role, 'members:manage');
  const seats = useSeats(canManage);
  const offline = useOffline();
  const [inviting, setInviting] = useState(false);
  const ids = { tabs: useId(), panel: useId(), inviteNote: useId() };
  const tab: StaffTab = canManage ? (search.tab ?? 'members') : 'members';

  const { q, role, status } = search;
  const filter = useMemo(() => memberFilterOf({ q, role, status }), [q, role, status]);
  const onFilterChange = useCallback(
    (next: MemberFilter) =>
      onSearchChange({ q: next.q, role: next.role, status: next.status }, { replace: true }),
    [onSearchChange],
  );

  const full = seats.data ? seatsFull(seats.data) : false;
  const inviteBlockedBy = offline ? OFFLINE_REASON : full ? 'Every seat of the plan is taken.' : undefined;

  const chooseTab = (next: StaffTab) =>
    onSearchChange({ tab: next === 'members' ? undefined : next }, { replace: true });
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = STAFF_TABS.indexOf(tab);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: STAFF_TABS.length - 1 - i }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = STAFF_TABS[(i + step + STAFF_TABS.length) % STAFF_TABS.length]!;
    chooseTab(next);
    requestAnimationFrame(() => document.getElementById(`${ids.tabs}-${next}`)?.focus());
  };

  const members = <MembersPanel filter={filter} onFilterChange={onFilterChange} viewer={viewer} />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Staff Management</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {canManage
              ? 'Your organisation’s members: invite people, give roles and deactivate accounts.'
              : 'Your organisation’s members and their roles.'}
          </p>
        </div>
        {canManage && (
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:items-end">
            {seats.data && <SeatMeter seats={seats.data} />}
            <InviteDialog
              open={inviting}
              onOpenChange={setInviting}
              viewerRole={viewer.role}
              trigger={
                <Button
                  disabled={inviteBlockedBy !== undefined}
                  aria-describedby={inviteBlockedBy ? ids.inviteNote : undefined}
                  className="self-start sm:self-end"
                >
                  <UserPlus aria-hidden className="size-4" />
                  Invite member
                </Button>
              }
            />
            {can(viewer.role, 'campaigns:send') && (
              // The NGO admin's menu has no Send Notification (SPEC §6); their members are here.
              <Link
                to="/admin/bulk-email"
                search={{ new: 1 }}
                className={buttonClass('secondary', 'self-start sm:self-end')}
              >
                <Send aria-hidden className="size-4" />
                Message members
              </Link>
            )}
            {inviteBlockedBy && (
              <NeedsNetworkNote id={ids.inviteNote} className="sm:text-right">
                {inviteBlockedBy}
              </NeedsNetworkNote>
            )}
          </div>
        )}
      </header>

      {!canManage ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Only your organisation’s admins invite people and change roles.
          </p>
          {members}
        </>
      ) : (
        <>
          <div
            role="tablist"
            aria-label="Members and invitations"
            className="flex gap-1 border-b border-slate-200 dark:border-slate-800"
          >
            {STAFF_TABS.map((t) => (
              <button
                key={t}
                id={`${ids.tabs}-${t}`}
                type="button"
                role="tab"
                aria-selected={tab === t}
                aria-controls={`${ids.panel}-${t}`}
                tabIndex={tab === t ? 0 : -1}
                onKeyDown={onTabKey}
                onClick={() => chooseTab(t)}
                className={cn(
                  '-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-4 text-sm font-semibold',
                  tab === t
                    ? 'border-brand-600 text-brand-700 dark:border-brand-100 dark:text-brand-100'
                    : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {tabLabels[t]}
                {t === 'invitations' && seats.data && seats.data.pendingInvites > 0 && (
                  <span className="rounded-full bg-amber-100 px-2 text-xs text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                    {seats.data.pendingInvites}
                    <span className="sr-only"> pending</span>
                  </span>
                )}
              </button>
            ))}
          </div>
          {STAFF_TABS.map((t) => (
            <div
              key={t}
              id={`${ids.panel}-${t}`}
              role="tabpanel"
              aria-labelledby={`${ids.tabs}-${t}`}
              hidden={tab !== t}
            >
              {tab === t &&
                (t === 'members' ? (
                  members
                ) : (
                  <InvitationsPanel onInvite={inviteBlockedBy ? undefined : () => setInviting(true)} />
                ))}
            </div>
          ))}
        </>
      )}
    </div>
  );
}

/** A role the screen is not for (volunteers): what it is, and the way back. */
function NotForYourRole() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Staff Management</h1>
      <Card className="flex flex-col items-start gap-3">
        <Lock aria-hidden className="size-6 text-slate-500" />
        <p className="font-semibold">Staff Management is for your organisation’s admins and staff.</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your role does not include the member list. If you need it, ask one of your organisation’s admins.
        </p>
        <Link to="/dashboard" className={buttonClass('secondary')}>
          Back to the dashboard
        </Link>
      </Card>
    </div>
  );
}
