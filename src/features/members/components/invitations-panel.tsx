import { INVITE_TTL_DAYS, memberErrorCodes, type Invite } from '@contract/members';
import { useNavigate } from '@tanstack/react-router';
import { MailPlus, RotateCw, XCircle } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { MoreRow } from '@/components/listing/listing-results';
import { OfflineListNote } from '@/components/offline-list-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { serverErrorCode, serverErrorMessage } from '@/lib/form-errors';
import { itemsOf } from '@/lib/listing/paged-query';
import type { MoreState } from '@/lib/listing/use-paged-listing';
import { notify } from '@/lib/notify';
import { useInvites } from '../api/get-invites';
import { useResendInvite } from '../api/resend-invite';
import { useRevokeInvite } from '../api/revoke-invite';
import { absoluteTime, relativeTime, roleLabel } from '../format';
import { InviteStatusBadge } from './status-badges';

const nouns = { one: 'invitation', many: 'invitations' };

/** What a row says of its invitation's time: when it was sent, and when its link stops working. */
function timeLine(invite: Invite, now = Date.now()) {
  const sent = `Sent ${relativeTime(invite.sentAt, now)}${invite.invitedBy ? ` by ${invite.invitedBy}` : ''}`;
  switch (invite.status) {
    case 'pending':
      return `${sent} · link works until ${absoluteTime(invite.expiresAt)} (${relativeTime(invite.expiresAt, now)})`;
    case 'expired':
      return `${sent} · expired ${relativeTime(invite.expiresAt, now)}`;
    default:
      return sent;
  }
}

/**
 * The NGO's invitations, newest first, with their state; a pending one is resent (a new link, a new
 * week) or revoked after a confirmation, an expired one resent. Every action needs the network.
 */
export function InvitationsPanel({ onInvite }: { onInvite?: () => void }) {
  const query = useInvites();
  const items = useMemo(() => itemsOf(query.data), [query.data]);
  const offline = useOffline();
  const navigate = useNavigate();
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const offlineNoteId = useId();

  const { hasNextPage, isFetchNextPageError, isFetchingNextPage, fetchStatus, fetchNextPage } = query;
  const more: MoreState =
    !items || !hasNextPage
      ? 'none'
      : isFetchNextPageError
        ? 'error'
        : isFetchingNextPage
          ? 'loading'
          : 'idle';
  const loadMore = () => {
    // Never over a fetch in flight (fetchNextPage would cancel it), nor one paused while offline.
    if (hasNextPage && fetchStatus === 'idle') void fetchNextPage();
  };

  const sendAgain = (invite: Invite) =>
    resend.mutate(invite.id, {
      onSuccess: (sent) =>
        notify.success(
          `Invitation sent again to ${sent.email}. The new link works for ${INVITE_TTL_DAYS} days.`,
        ),
      onError: (error) =>
        notify.error(
          serverErrorMessage(error, `The invitation to ${invite.email} could not be sent again. Try again.`),
          serverErrorCode(error) === memberErrorCodes.memberLimitReached
            ? { action: { label: 'Account Settings', onClick: () => void navigate({ to: '/settings' }) } }
            : undefined,
        ),
    });

  const confirmRevoke = (invite: Invite) =>
    revoke.mutate(invite.id, {
      onSuccess: () => {
        notify.success(`Invitation to ${invite.email} revoked. Its link no longer works.`);
        setRevoking(null);
      },
      onError: (error) => {
        notify.error(serverErrorMessage(error, `The invitation to ${invite.email} could not be revoked.`));
        if (errorStatus(error) !== undefined) setRevoking(null);
      },
    });

  const disabledBy = offline ? offlineNoteId : undefined;

  return (
    <div className="flex flex-col gap-4">
      {offline && (
        <NeedsNetworkNote id={offlineNoteId}>
          You are offline. Sending, resending and revoking invitations needs a connection.
        </NeedsNetworkNote>
      )}
      {offline && items && <OfflineListNote savedAt={query.dataUpdatedAt || undefined} />}
      {query.isError && !items ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{errorMessage(query.error, 'The invitations could not be loaded.')}</Alert>
          <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : !items ? (
        <LoadingOrOffline fetchStatus={fetchStatus}>
          <div role="status" aria-label="Loading invitations" className="flex flex-col gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        </LoadingOrOffline>
      ) : items.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <MailPlus aria-hidden className="size-8 text-brand-600 dark:text-brand-100" />
          <p className="font-semibold">No invitations yet.</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Invite people by email: they choose a password (or use the account they have) and join with the
            role you give them.
          </p>
          {onInvite && (
            <Button onClick={onInvite} disabled={offline} aria-describedby={disabledBy}>
              Invite a member
            </Button>
          )}
        </Card>
      ) : (
        <ul aria-label="Invitations" className="flex flex-col gap-3">
          {items.map((invite) => (
            <li key={invite.id}>
              <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-all">{invite.email}</span>
                    <InviteStatusBadge status={invite.status} />
                  </div>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {roleLabel(invite.role)} · {timeLine(invite)}
                  </p>
                </div>
                {(invite.status === 'pending' || invite.status === 'expired') && (
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      className="px-3"
                      disabled={offline}
                      aria-describedby={disabledBy}
                      pending={resend.isPending && resend.variables === invite.id}
                      aria-label={`Resend the invitation to ${invite.email}`}
                      onClick={() => sendAgain(invite)}
                    >
                      <RotateCw aria-hidden className="size-4" />
                      Resend
                    </Button>
                    {invite.status === 'pending' && (
                      <Button
                        variant="ghost"
                        className="px-3"
                        disabled={offline}
                        aria-describedby={disabledBy}
                        aria-label={`Revoke the invitation to ${invite.email}`}
                        onClick={(event) => {
                          opener.current = event.currentTarget;
                          setRevoking(invite);
                        }}
                      >
                        <XCircle aria-hidden className="size-4" />
                        Revoke
                      </Button>
                    )}
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {more === 'idle' ? (
        <Button variant="secondary" className="self-center" onClick={loadMore}>
          Load more invitations
        </Button>
      ) : (
        <MoreRow more={more} nouns={nouns} onRetry={loadMore} />
      )}

      {revoking && (
        <Dialog
          open
          onOpenChange={(open) => !open && setRevoking(null)}
          role="alertdialog"
          size="sm"
          title={`Revoke the invitation to ${revoking.email}?`}
          description="The link stops working at once, and its seat on the plan is free again."
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <p className="text-sm text-slate-700 dark:text-slate-300">
            You can invite the same address again later.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" data-autofocus>
                Keep it
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              pending={revoke.isPending}
              pendingLabel="Revoking..."
              disabled={offline}
              onClick={() => confirmRevoke(revoking)}
            >
              Revoke
            </Button>
          </DialogFooter>
        </Dialog>
      )}
    </div>
  );
}
