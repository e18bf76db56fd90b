import { chatReactions, type ChatPerson, type Message } from '@contract/chat';
import { AlertCircle, Clock, MessageSquare, Paperclip } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { PendingMessage, TimelineItem } from '../message-timeline';
import { ActionMenu, type ActionMenuItem } from './action-menu';
import { MessageAttachments } from './message-attachments';
import { MessageBody } from './message-body';

export interface MessageHandlers {
  onReply?: (message: Message) => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  onReact: (message: Message, emoji: string, on: boolean) => void;
  onCopy: (text: string) => void;
  /** Turns the message into a ticket (absent for a role that may not open one). */
  onCreateTicket?: (message: Message) => void;
  onRetry: (pending: PendingMessage) => void;
  onDiscard: (pending: PendingMessage) => void;
}

export const timeOf = (iso: string | number) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

function Reactions({
  message,
  viewerId,
  onReact,
}: {
  message: Message;
  viewerId: string;
  onReact: MessageHandlers['onReact'];
}) {
  const used = message.reactions.filter((r) => r.userIds.length > 0);
  if (used.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label="Reactions">
      {used.map((r) => {
        const mine = r.userIds.includes(viewerId);
        return (
          <li key={r.emoji}>
            <button
              type="button"
              aria-pressed={mine}
              aria-label={`${r.emoji} ${r.userIds.length}${mine ? ', yours' : ''}`}
              onClick={() => onReact(message, r.emoji, !mine)}
              className={cn(
                'inline-flex min-h-8 items-center gap-1 rounded-full border px-2 text-sm',
                mine
                  ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800 dark:bg-brand-800/40 dark:text-brand-100'
                  : 'border-slate-300 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
              )}
            >
              <span aria-hidden>{r.emoji}</span>
              <span aria-hidden>{r.userIds.length}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** One message of the timeline: author and time (unless it follows the same author's), text, state. */
export function MessageItem({
  item,
  viewer,
  people,
  showAuthor,
  handlers,
}: {
  item: TimelineItem;
  viewer: { id: string; name: string };
  people: readonly ChatPerson[];
  showAuthor: boolean;
  handlers: MessageHandlers;
}) {
  const message = item.kind === 'sent' ? item.message : null;
  const pending = item.kind === 'pending' ? item.pending : null;
  const body = message?.body ?? pending!.body;
  const mentionIds = message?.mentionIds ?? pending!.mentionIds;
  const mentioned = useMemo(() => people.filter((p) => mentionIds.includes(p.id)), [people, mentionIds]);
  const author = message ? message.authorName || 'Former member' : viewer.name;
  const at = message?.createdAt ?? pending!.createdAt;
  const deleted = Boolean(message?.deletedAt);
  const own = message ? message.authorId === viewer.id : true;

  const actions: ActionMenuItem[] = [];
  if (message && !deleted) {
    if (handlers.onReply)
      actions.push({ label: 'Reply in thread', onSelect: () => handlers.onReply!(message) });
    for (const emoji of chatReactions) {
      const on = !message.reactions.find((r) => r.emoji === emoji)?.userIds.includes(viewer.id);
      actions.push({
        label: `${on ? 'React with' : 'Remove reaction'} ${emoji}`,
        content: emoji,
        onSelect: () => handlers.onReact(message, emoji, on),
      });
    }
    if (message.body) actions.push({ label: 'Copy text', onSelect: () => handlers.onCopy(message.body) });
    if (handlers.onCreateTicket)
      actions.push({ label: 'Create ticket', onSelect: () => handlers.onCreateTicket!(message) });
    if (own) {
      actions.push({ label: 'Edit', onSelect: () => handlers.onEdit(message) });
      actions.push({ label: 'Delete', onSelect: () => handlers.onDelete(message), danger: true });
    }
  }

  return (
    <article
      aria-label={`${author}, ${timeOf(at)}`}
      data-message-key={item.key}
      className={cn(
        'group flex gap-2 rounded-lg px-2 py-1 hover:bg-slate-50 dark:hover:bg-slate-900',
        showAuthor && 'mt-2',
        pending?.state === 'failed' && 'bg-red-50 dark:bg-red-950/40',
      )}
    >
      <div className="min-w-0 flex-1">
        {showAuthor && (
          <p className="flex items-baseline gap-2 text-sm">
            <span className="font-semibold text-slate-900 dark:text-slate-100">{author}</span>
            <time
              dateTime={new Date(at).toISOString()}
              className="text-xs text-slate-500 dark:text-slate-400"
            >
              {timeOf(at)}
            </time>
          </p>
        )}
        <div className="text-sm text-slate-800 dark:text-slate-200">
          {deleted ? (
            <p className="text-slate-500 italic dark:text-slate-400">This message was deleted</p>
          ) : (
            body && <MessageBody body={body} mentioned={mentioned} viewerId={viewer.id} />
          )}
          {message && !deleted && <MessageAttachments attachments={message.attachments} />}
          {pending && pending.attachmentCount > 0 && (
            <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
              <Paperclip aria-hidden className="size-3.5" />
              {pending.attachmentCount === 1 ? '1 attachment' : `${pending.attachmentCount} attachments`}
            </p>
          )}
        </div>
        {message?.editedAt && !deleted && (
          <span className="text-xs text-slate-500 dark:text-slate-400">(edited)</span>
        )}
        {message && !deleted && (
          <Reactions message={message} viewerId={viewer.id} onReact={handlers.onReact} />
        )}
        {message && message.replyCount > 0 && handlers.onReply && (
          <button
            type="button"
            onClick={() => handlers.onReply!(message)}
            className="mt-1 inline-flex min-h-8 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
          >
            <MessageSquare aria-hidden className="size-4" />
            {message.replyCount === 1 ? '1 reply' : `${message.replyCount} replies`}
          </button>
        )}
        {pending?.state === 'sending' && (
          <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
            <Clock aria-hidden className="size-3.5" />
            Sending…
          </p>
        )}
        {pending?.state === 'failed' && (
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-800 dark:text-red-300">
            <AlertCircle aria-hidden className="size-4" />
            <span>Not sent{pending.error ? `: ${pending.error}` : ''}</span>
            <Button variant="secondary" className="min-h-9 px-3" onClick={() => handlers.onRetry(pending)}>
              Retry
            </Button>
            <Button variant="ghost" className="min-h-9 px-3" onClick={() => handlers.onDiscard(pending)}>
              Delete
            </Button>
          </div>
        )}
      </div>
      {actions.length > 0 && (
        <div className="shrink-0 opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
          <ActionMenu label={`Actions for ${author}'s message at ${timeOf(at)}`} items={actions} />
        </div>
      )}
    </article>
  );
}
