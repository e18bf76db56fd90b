import type { Conversation } from '@contract/chat';
import { AtSign, Hash, Lock, User } from 'lucide-react';
import { cn } from '@/components/ui/cn';

function accessibleName(c: Conversation) {
  const parts = [c.kind === 'channel' ? `# ${c.name}` : c.name];
  if (c.unread > 0) parts.push(`${c.unread} unread`);
  if (c.mentioned) parts.push('mentioned');
  return parts.join(', ');
}

function Row({
  conversation: c,
  active,
  onOpen,
}: {
  conversation: Conversation;
  active: boolean;
  onOpen: () => void;
}) {
  const unread = c.unread > 0;
  const Icon = c.kind === 'direct' ? User : c.visibility === 'private' ? Lock : Hash;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        aria-label={accessibleName(c)}
        className={cn(
          'flex min-h-12 w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-600',
          active
            ? 'bg-brand-600 text-white'
            : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        )}
      >
        <Icon aria-hidden className="size-4 shrink-0 opacity-70" />
        <span className="min-w-0 flex-1">
          <span className={cn('block truncate', unread ? 'font-bold' : 'font-medium')}>{c.name}</span>
          {c.lastMessagePreview && (
            <span
              className={cn(
                'block truncate text-xs',
                active ? 'text-white' : 'text-slate-600 dark:text-slate-400',
                unread && 'font-semibold',
              )}
            >
              {c.lastMessagePreview.authorName ? `${c.lastMessagePreview.authorName}: ` : ''}
              {c.lastMessagePreview.body || 'Attachment'}
            </span>
          )}
        </span>
        {c.mentioned && (
          <AtSign
            aria-hidden
            data-testid="mention-marker"
            className="size-4 shrink-0 text-amber-600 dark:text-amber-400"
          />
        )}
        {unread && (
          <span
            aria-hidden
            data-testid="unread-badge"
            className="min-w-6 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-bold text-white"
          >
            {c.unread > 99 ? '99+' : c.unread}
          </span>
        )}
      </button>
    </li>
  );
}

/** The caller's conversations: channels, then direct messages; archived ones are left out. */
export function ConversationList({
  conversations,
  activeId,
  onOpen,
}: {
  conversations: readonly Conversation[];
  activeId?: string;
  onOpen: (conversationId: string) => void;
}) {
  const shown = conversations.filter((c) => !c.archived && c.joined);
  const byName = (a: Conversation, b: Conversation) => a.name.localeCompare(b.name);
  const byRecent = (a: Conversation, b: Conversation) =>
    (b.lastMessageAt ?? b.createdAt).localeCompare(a.lastMessageAt ?? a.createdAt);
  const sections = [
    { title: 'Channels', items: shown.filter((c) => c.kind === 'channel').sort(byName) },
    { title: 'Direct messages', items: shown.filter((c) => c.kind === 'direct').sort(byRecent) },
  ];
  return (
    <nav aria-label="Conversations" className="flex flex-col gap-4">
      {sections.map((section) =>
        section.items.length === 0 ? null : (
          <section key={section.title} aria-labelledby={`chat-section-${section.title}`}>
            <h2
              id={`chat-section-${section.title}`}
              className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
            >
              {section.title}
            </h2>
            <ul className="flex flex-col gap-0.5">
              {section.items.map((c) => (
                <Row key={c.id} conversation={c} active={c.id === activeId} onOpen={() => onOpen(c.id)} />
              ))}
            </ul>
          </section>
        ),
      )}
    </nav>
  );
}
