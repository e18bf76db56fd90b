import { can } from '@contract/permissions';
import { FirstLoad } from './first-load';
import { shareIsLive, type ShareLink } from '@contract/shares';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getStoredUser } from '@/lib/session';
import { useRevokeShare, useShareLinks } from '../api/shares';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
// Links end at the minute they were made, days later: the day alone would hide which side of it we are.
const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ending(link: ShareLink): string {
  if (link.revokedAt) return 'Revoked';
  if (!link.expiresAt) return 'Never expires';
  return shareIsLive(link) ? `Expires ${momentFormat.format(new Date(link.expiresAt))}` : 'Expired';
}

/** A file's share links with their state and downloads; its maker or a files manager may revoke one. */
export function ShareLinkList({ fileId }: { fileId: string }) {
  const user = getStoredUser();
  const mayRevokeAny = can(user?.role ?? '', 'files:manage');
  const query = useShareLinks(fileId);
  const revoke = useRevokeShare();

  const onRevoke = (link: ShareLink) =>
    revoke.mutate(link, {
      onSuccess: () => notify.success('Link revoked'),
      onError: (error) => notify.error(errorMessage(error, 'The link could not be revoked. Try again.')),
    });

  if (query.isError || query.isPending)
    return <FirstLoad query={query} what="links" rows={2} rowClassName="h-14 w-full" />;
  if (query.data.length === 0)
    return <p className="text-sm text-slate-700 dark:text-slate-300">No links yet.</p>;

  return (
    <ul
      aria-label="Share links"
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {query.data.map((link) => {
        const created = dayFormat.format(new Date(link.createdAt));
        const revoking = revoke.isPending && revoke.variables.id === link.id;
        return (
          <li key={link.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">
                Created {created} by {link.createdByName}
              </p>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600 dark:text-slate-400">
                <span className={link.revokedAt ? 'font-semibold text-red-700 dark:text-red-400' : undefined}>
                  {ending(link)}
                </span>
                <span aria-hidden>·</span>
                <span>
                  {link.downloads} {link.downloads === 1 ? 'download' : 'downloads'}
                </span>
                {link.hasPassword && (
                  <span className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:border-slate-700 dark:text-slate-200">
                    <KeyRound aria-hidden className="size-3" />
                    Password
                  </span>
                )}
              </p>
            </div>
            {!link.revokedAt && (mayRevokeAny || link.createdBy === user?.id) && (
              <Button
                variant="secondary"
                pending={revoking}
                pendingLabel="Revoking…"
                onClick={() => onRevoke(link)}
              >
                Revoke
                <span className="sr-only"> the link created {created}</span>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
