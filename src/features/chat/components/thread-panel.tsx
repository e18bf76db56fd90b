import type { ChatPerson, Conversation, Message } from '@contract/chat';
import { X } from 'lucide-react';
import { useMemo } from 'react';
import { useThread } from '../api/get-messages';
import { timelineOf } from '../message-timeline';
import type { ChatRealtime } from '../realtime/chat-realtime';
import { sendChatMessage } from '../send-chat-message';
import { useMessageHandlers } from '../use-message-handlers';
import { usePendingMessages } from '../use-pending-messages';
import { Composer } from './composer';
import { DeleteMessageDialog, EditMessageDialog } from './message-dialogs';
import { MessageItem } from './message-item';
import { MessageList } from './message-list';

/** A message's thread: the message, its replies, and a box to reply. Over the conversation on a phone. */
export function ThreadPanel({
  conversation,
  root,
  viewer,
  people,
  realtime,
  onClose,
}: {
  conversation: Conversation;
  root: Message;
  viewer: { id: string; name: string };
  people: readonly ChatPerson[];
  realtime: ChatRealtime;
  onClose: () => void;
}) {
  const thread = useThread(conversation.id, root.id);
  const pending = usePendingMessages(conversation.id, root.id);
  const items = useMemo(() => timelineOf(thread.data?.messages ?? [], pending), [thread.data, pending]);
  const { handlers, editing, setEditing, deleting, setDeleting } = useMessageHandlers(realtime);
  return (
    <section
      aria-label="Thread"
      className="absolute inset-0 z-10 flex flex-col bg-white xl:static xl:w-96 xl:border-l xl:border-slate-200 dark:bg-slate-950 xl:dark:border-slate-800"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <h2 className="flex-1 font-semibold">Thread</h2>
        <button
          type="button"
          aria-label="Close thread"
          onClick={onClose}
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X aria-hidden className="size-5" />
        </button>
      </header>
      <div className="border-b border-slate-200 px-2 py-2 dark:border-slate-800">
        <MessageItem
          item={{ kind: 'sent', key: root.id, message: root }}
          viewer={viewer}
          people={people}
          showAuthor
          handlers={handlers}
        />
      </div>
      <MessageList
        label={`the thread of ${root.authorName || 'a message'}`}
        items={items}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => undefined}
        viewer={viewer}
        people={people}
        handlers={handlers}
        empty={
          <p className="p-4 text-center text-sm text-slate-600 dark:text-slate-400">
            {thread.isPending ? 'Loading replies…' : 'No replies yet.'}
          </p>
        }
      />
      {conversation.joined && (
        <Composer
          draftKey={`${conversation.id}:thread:${root.id}`}
          viewerId={viewer.id}
          members={conversation.members}
          label="Reply in thread"
          onSend={(text, mentionIds, attachmentIds) =>
            sendChatMessage(conversation.id, text, mentionIds, { parentId: root.id, attachmentIds })
          }
          onTyping={() => realtime.sendTyping(conversation.id)}
        />
      )}
      {editing && (
        <EditMessageDialog
          key={editing.id}
          message={editing}
          people={people}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
