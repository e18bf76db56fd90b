import type { Conversation } from '@contract/chat';
import { Compass, MessageSquarePlus, Plus, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { apiBaseUrl } from '@/lib/api-client';
import { startConnectivity, useOffline } from '@/lib/connectivity';
import { startOutbox } from '@/lib/outbox';
import { useConversation } from '../api/get-conversation';
import { useConversations } from '../api/get-conversations';
import { usePeople } from '../api/get-people';
import { useChatRealtime } from '../realtime/use-chat-realtime';
import { BrowseChannelsDialog } from './browse-channels-dialog';
import { PushToggle } from '../push/push-toggle';
import { ChatError } from './chat-error';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { NewChannelDialog } from './new-channel-dialog';
import { NewMessageDialog } from './new-message-dialog';
import { SearchResults } from './search-results';

type OpenDialog = 'channel' | 'direct' | 'browse' | null;

/**
 * Team Chat: the conversation list and one conversation. On a phone the list fills the screen and a
 * conversation opens over it with a back button; from 1024 px they sit side by side. The open
 * conversation is the route's (`?c=`), so a conversation is a link and Back closes it.
 */
export function ChatScreen({
  conversationId,
  onOpenConversation,
  viewer,
}: {
  conversationId?: string;
  onOpenConversation: (conversationId: string | undefined) => void;
  viewer: { id: string; name: string };
}) {
  const realtime = useChatRealtime();
  useEffect(startOutbox, []);
  // The layout's banner starts it too; the screen must know it is offline wherever it is shown.
  useEffect(() => startConnectivity(apiBaseUrl), []);
  const offline = useOffline();
  const list = useConversations();
  const people = usePeople();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const inList = list.data?.find((c) => c.id === conversationId);
  const single = useConversation(conversationId ?? '', Boolean(conversationId) && list.isSuccess && !inList);
  const conversation = inList ?? single.data;

  const open = (id: string) => {
    setDialog(null);
    onOpenConversation(id);
  };
  const created = (c: Conversation) => open(c.id);
  const peopleList = people.data ?? [];
  const others = peopleList.filter((p) => p.id !== viewer.id);

  return (
    <div
      className={cn(
        '-mx-4 -my-6 flex flex-col bg-white sm:-mx-6 dark:bg-slate-950',
        offline ? 'h-[calc(100dvh-61px-2.5rem)]' : 'h-[calc(100dvh-61px)]',
      )}
    >
      {offline && (
        <p
          role="status"
          className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          <WifiOff aria-hidden className="size-4 shrink-0" />
          You are offline. Messages you send are kept on this device and sent when the connection returns.
        </p>
      )}
      <div className="flex min-h-0 flex-1">
        <aside
          aria-label="Team Chat"
          className={cn(
            'min-h-0 w-full flex-col border-slate-200 lg:flex lg:w-80 lg:border-r dark:border-slate-800',
            conversationId ? 'hidden' : 'flex',
          )}
        >
          <div className="flex flex-col gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
            <h1 className="text-xl font-bold">Team Chat</h1>
            <form
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                setQ(typed.trim());
              }}
            >
              <SearchField
                label="Search messages"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  if (!event.target.value.trim()) setQ('');
                }}
              />
            </form>
            <div className="flex flex-wrap gap-1">
              <Button variant="ghost" className="px-2" onClick={() => setDialog('channel')}>
                <Plus aria-hidden className="size-4" /> New channel
              </Button>
              <Button variant="ghost" className="px-2" onClick={() => setDialog('direct')}>
                <MessageSquarePlus aria-hidden className="size-4" /> New message
              </Button>
              <Button variant="ghost" className="px-2" onClick={() => setDialog('browse')}>
                <Compass aria-hidden className="size-4" /> Browse channels
              </Button>
              <PushToggle />
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            {q ? (
              <SearchResults q={q} onOpen={open} />
            ) : list.isPending ? (
              <LoadingOrOffline fetchStatus={list.fetchStatus}>
                <div role="status" aria-label="Loading conversations" className="flex flex-col gap-2">
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-12 w-full" />
                </div>
              </LoadingOrOffline>
            ) : list.isError && !list.data ? (
              <ChatError
                error={list.error}
                fallback="The conversations could not be loaded."
                onRetry={() => void list.refetch()}
                retrying={list.isFetching}
              />
            ) : list.data.some((c) => c.joined && !c.archived) ? (
              <ConversationList conversations={list.data} activeId={conversationId} onOpen={open} />
            ) : (
              <div className="flex flex-col items-center gap-3 p-6 text-center text-slate-700 dark:text-slate-300">
                <p>No conversations yet. Create a channel for your team, or write to someone directly.</p>
                <Button onClick={() => setDialog('channel')}>Create a channel</Button>
              </div>
            )}
          </div>
        </aside>
        <div className={cn('min-h-0 min-w-0 flex-1 lg:flex', conversationId ? 'flex' : 'hidden')}>
          {conversation ? (
            <ConversationView
              key={conversation.id}
              conversation={conversation}
              viewer={viewer}
              people={peopleList}
              realtime={realtime}
              onBack={() => onOpenConversation(undefined)}
            />
          ) : conversationId && single.isError ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
              <p>This conversation is not available to you, or no longer exists.</p>
              <Button variant="secondary" onClick={() => onOpenConversation(undefined)}>
                Back to conversations
              </Button>
            </div>
          ) : conversationId ? (
            <div role="status" aria-label="Loading conversation" className="flex-1 p-4">
              <Skeleton className="h-10 w-1/2" />
            </div>
          ) : (
            <p className="m-auto p-6 text-slate-600 dark:text-slate-400">Choose a conversation to read it.</p>
          )}
        </div>
      </div>
      <NewChannelDialog
        open={dialog === 'channel'}
        onOpenChange={(o) => setDialog(o ? 'channel' : null)}
        people={others}
        onCreated={created}
      />
      <NewMessageDialog
        open={dialog === 'direct'}
        onOpenChange={(o) => setDialog(o ? 'direct' : null)}
        people={others}
        onCreated={created}
      />
      <BrowseChannelsDialog
        open={dialog === 'browse'}
        onOpenChange={(o) => setDialog(o ? 'browse' : null)}
        onOpen={open}
      />
    </div>
  );
}
