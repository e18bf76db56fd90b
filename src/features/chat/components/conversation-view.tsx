import type { ChatPerson, Conversation } from '@contract/chat';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Hash, Lock, Settings } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { loadOlder, useHistory } from '../api/get-messages';
import { useJoinConversation } from '../api/join-conversation';
import { chatQueryKeys } from '../api/query-keys';
import { lastSeqOf, trimHistory, type ChatHistory } from '../chat-history';
import { timelineOf } from '../message-timeline';
import type { ChatRealtime } from '../realtime/chat-realtime';
import { useTypingNames } from '../realtime/use-chat-realtime';
import { sendChatMessage } from '../send-chat-message';
import { useMarkReadWhileOpen } from '../use-mark-read';
import { useMessageHandlers } from '../use-message-handlers';
import { usePendingMessages } from '../use-pending-messages';
import { ChannelSettingsDialog } from './channel-settings-dialog';
import { ChatError } from './chat-error';
import { Composer } from './composer';
import { DeleteMessageDialog, EditMessageDialog } from './message-dialogs';
import { MessageList } from './message-list';
import { ThreadPanel } from './thread-panel';

/** What a conversation keeps of its history once left: the newest, for reading offline. */
const KEEP_WHEN_LEFT = 100;

function typingLine(names: string[]) {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

/** One conversation: its history with this device's unsent messages after it, the box, a thread. */
export function ConversationView({
  conversation,
  viewer,
  people,
  realtime,
  onBack,
}: {
  conversation: Conversation;
  viewer: { id: string; name: string };
  people: readonly ChatPerson[];
  realtime: ChatRealtime;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const history = useHistory(conversation.id);
  const pending = usePendingMessages(conversation.id, null);
  const [threadId, setThreadId] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const join = useJoinConversation();
  const typing = useTypingNames(realtime, conversation.id);
  const { handlers, editing, setEditing, deleting, setDeleting } = useMessageHandlers(realtime, (m) =>
    setThreadId(m.id),
  );
  const messages = history.data?.messages;
  const items = useMemo(() => timelineOf(messages ?? [], pending), [messages, pending]);
  const threadRoot = threadId ? messages?.find((m) => m.id === threadId) : undefined;
  // Mentions are looked up among everyone: a person who left the conversation stays named.
  const named = useMemo(() => {
    const byId = new Map(people.map((p) => [p.id, p]));
    for (const m of conversation.members) byId.set(m.id, m);
    return [...byId.values()];
  }, [people, conversation.members]);

  useMarkReadWhileOpen(conversation, lastSeqOf(history.data), realtime);

  useEffect(() => {
    const key = chatQueryKeys.history(conversation.id);
    return () => {
      queryClient.setQueryData<ChatHistory>(key, (old) => (old ? trimHistory(old, KEEP_WHEN_LEFT) : old));
    };
  }, [queryClient, conversation.id]);

  const Icon = conversation.kind === 'direct' ? null : conversation.visibility === 'private' ? Lock : Hash;
  return (
    <section aria-labelledby="chat-conversation-title" className="relative flex min-h-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 dark:border-slate-800">
          <button
            type="button"
            onClick={onBack}
            aria-label="Back to conversations"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </button>
          <div className="min-w-0 flex-1">
            <h2 id="chat-conversation-title" className="flex items-center gap-1 truncate font-bold">
              {Icon && <Icon aria-hidden className="size-4 shrink-0" />}
              {conversation.name}
            </h2>
            <p className="truncate text-xs text-slate-600 dark:text-slate-400">
              {conversation.topic || `${conversation.members.length} members`}
            </p>
          </div>
          {conversation.kind === 'channel' && (
            <button
              type="button"
              onClick={() => setSettingsOpen(true)}
              aria-label="Channel settings"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <Settings aria-hidden className="size-5" />
            </button>
          )}
        </header>
        {history.isPending ? (
          <div className="flex-1 p-4">
            <LoadingOrOffline fetchStatus={history.fetchStatus}>
              <div role="status" aria-label="Loading messages" className="flex flex-col gap-3">
                <Skeleton className="h-12 w-3/4" />
                <Skeleton className="h-12 w-2/3" />
                <Skeleton className="h-12 w-3/4" />
              </div>
            </LoadingOrOffline>
          </div>
        ) : history.isError && !history.data ? (
          <div className="flex-1 p-4">
            <ChatError
              error={history.error}
              fallback="The messages could not be loaded."
              onRetry={() => void history.refetch()}
              retrying={history.isFetching}
            />
          </div>
        ) : (
          <MessageList
            label={conversation.name}
            items={items}
            hasOlder={history.data?.hasOlder ?? false}
            loadingOlder={loadingOlder}
            onLoadOlder={() => {
              setLoadingOlder(true);
              loadOlder(queryClient, conversation.id)
                .catch((error: unknown) =>
                  notify.error(errorMessage(error, 'Older messages could not be loaded.')),
                )
                .finally(() => setLoadingOlder(false));
            }}
            viewer={viewer}
            people={named}
            handlers={handlers}
            empty={
              <p className="p-6 text-center text-slate-600 dark:text-slate-400">
                No messages yet. Say hello!
              </p>
            }
          />
        )}
        <p aria-live="polite" className="min-h-5 px-4 text-xs text-slate-600 italic dark:text-slate-400">
          {typingLine(typing)}
        </p>
        {conversation.joined ? (
          <Composer
            key={conversation.id}
            draftKey={conversation.id}
            viewerId={viewer.id}
            members={conversation.members}
            label={`Message ${conversation.kind === 'channel' ? '#' : ''}${conversation.name}`}
            onSend={(text, mentionIds, attachmentIds) =>
              sendChatMessage(conversation.id, text, mentionIds, { attachmentIds })
            }
            onTyping={() => realtime.sendTyping(conversation.id)}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-center gap-3 border-t border-slate-200 p-3 text-sm dark:border-slate-800">
            <span>You are not in this channel.</span>
            <Button
              pending={join.isPending}
              onClick={() =>
                join.mutate(
                  { conversationId: conversation.id, userId: viewer.id },
                  {
                    onSuccess: () => notify.success(`You joined #${conversation.name}.`),
                    onError: (error) => notify.error(errorMessage(error, 'You could not join the channel.')),
                  },
                )
              }
            >
              Join channel
            </Button>
          </div>
        )}
      </div>
      {threadRoot && (
        <ThreadPanel
          key={threadRoot.id}
          conversation={conversation}
          root={threadRoot}
          viewer={viewer}
          people={named}
          realtime={realtime}
          onClose={() => setThreadId(null)}
        />
      )}
      {editing && (
        <EditMessageDialog
          key={editing.id}
          message={editing}
          people={named}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} />
      {conversation.kind === 'channel' && (
        <ChannelSettingsDialog
          conversation={conversation}
          viewerId={viewer.id}
          people={people}
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          onGone={onBack}
        />
      )}
    </section>
  );
}
