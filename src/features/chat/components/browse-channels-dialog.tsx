import { Hash } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useBrowseConversations } from '../api/get-conversations';
import { ChatError } from './chat-error';

/** 'Browse channels': the public channels; opening one shows it with a Join button. */
export function BrowseChannelsDialog({
  open,
  onOpenChange,
  onOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpen: (conversationId: string) => void;
}) {
  const browse = useBrowseConversations(open);
  const channels = (browse.data ?? []).filter(
    (c) => c.kind === 'channel' && c.visibility === 'public' && !c.archived,
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Browse channels"
      description="Public channels of your organisation."
    >
      {browse.isPending ? (
        <div role="status" aria-label="Loading channels" className="flex flex-col gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : browse.isError ? (
        <ChatError
          error={browse.error}
          fallback="The channels could not be loaded."
          onRetry={() => void browse.refetch()}
          retrying={browse.isFetching}
        />
      ) : channels.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No public channels yet.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {channels.map((c) => (
            <li key={c.id} className="flex items-center gap-3 rounded-lg px-2 py-2">
              <Hash aria-hidden className="size-4 shrink-0" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{c.name}</span>
                {c.topic && (
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{c.topic}</span>
                )}
              </span>
              <Button
                variant={c.joined ? 'ghost' : 'secondary'}
                onClick={() => onOpen(c.id)}
                aria-label={`${c.joined ? 'Open' : 'View'} #${c.name}`}
              >
                {c.joined ? 'Open' : 'View'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
