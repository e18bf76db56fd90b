import type { ChatPerson } from '@contract/chat';
import { can } from '@contract/permissions';
import { SendHorizontal } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { getStoredRole } from '@/lib/session';
import { ATTACHMENTS_MAX } from '../api/upload-attachment';
import { readDraft, saveDraft } from '../composer-drafts';
import {
  insertMention,
  mentionCandidates,
  mentionIdsOf,
  mentionQueryAt,
  type MentionQuery,
} from '../mentions';
import { useAttachments } from '../use-attachments';
import { AttachButton, AttachmentChips, OfflineAttachNote } from './composer-attachments';

/** contract/chat.ts's MESSAGE_BODY_MAX, repeated: the contract's module carries zod. */
const MESSAGE_BODY_MAX = 4000;

// On a phone's on-screen keyboard Enter is the only way to a new line; the Send button sends there.
const touchKeyboard = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(pointer: coarse)').matches);

/**
 * The message box: Enter sends, Shift+Enter is a new line (on touch screens Enter is a new line).
 * '@' opens a list of the conversation's members (arrows, Enter or Tab to pick, Escape to close).
 * What is typed is kept on the device per conversation as it is typed (composer-drafts.ts). Files
 * attached are uploaded at once (use-attachments.ts); Send waits for them, and the message names them.
 */
export function Composer({
  draftKey,
  viewerId,
  members,
  label,
  onSend,
  onTyping,
}: {
  /** The draft's name: the conversation, or the conversation and thread. */
  draftKey: string;
  viewerId: string;
  members: readonly ChatPerson[];
  label: string;
  onSend: (text: string, mentionIds: string[], attachmentIds: string[]) => Promise<void>;
  onTyping?: () => void;
}) {
  const [text, setText] = useState(() => readDraft(viewerId, draftKey));
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes after a mention is written in: set once React has put the new text in.
  const caretAfter = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caretAfter.current === null) return;
    box.current?.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  });
  const listId = useId();
  const hintId = useId();
  const others = useMemo(() => members.filter((m) => m.id !== viewerId), [members, viewerId]);
  const candidates = query ? mentionCandidates(others, query.query) : [];
  const listOpen = candidates.length > 0;
  const tooLong = text.length > MESSAGE_BODY_MAX;
  const attachments = useAttachments(viewerId);
  const offline = useOffline();
  // A hidden control is a convenience: the server refuses an upload without files:write anyway.
  const mayAttach = can(getStoredRole(), 'files:write');
  const offlineNoteId = useId();
  const empty = !text.trim() && attachments.fileIds.length === 0;
  const blocked = empty || tooLong || sending || attachments.uploading || attachments.failed;

  function change(next: string, caret: number) {
    setText(next);
    saveDraft(viewerId, draftKey, next);
    setQuery(mentionQueryAt(next, caret));
    setActive(0);
    if (next.trim()) onTyping?.();
  }

  function pick(person: ChatPerson) {
    const el = box.current;
    if (!el || !query) return;
    const next = insertMention(text, query, el.selectionStart, person);
    change(next.text, next.caret);
    setQuery(null);
    caretAfter.current = next.caret;
    el.focus();
  }

  async function send() {
    const body = text.trim();
    if (blocked) return;
    setSending(true);
    try {
      await onSend(body, mentionIdsOf(body, others), attachments.fileIds);
      setText('');
      saveDraft(viewerId, draftKey, '');
      setQuery(null);
      attachments.clear();
    } catch {
      notify.error('The message could not be kept on this device. It is still in the box; try again.');
    } finally {
      setSending(false);
      box.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (listOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((a) => (a + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(candidates[active]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setQuery(null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !touchKeyboard()) {
      event.preventDefault();
      void send();
    }
  }

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <form
      className="relative border-t border-slate-200 p-2 dark:border-slate-800"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {listOpen && (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute bottom-full left-2 z-20 mb-1 max-h-56 w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {candidates.map((person, i) => (
            <li
              key={person.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onPointerDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
              className={cn(
                'cursor-pointer rounded-md px-2 py-2 text-sm',
                i === active ? 'bg-brand-600 text-white' : 'text-slate-800 dark:text-slate-200',
              )}
            >
              {person.name}
            </li>
          ))}
        </ul>
      )}
      <AttachmentChips items={attachments.items} onRemove={attachments.remove} onRetry={attachments.retry} />
      <div className="flex items-end gap-2">
        {mayAttach && (
          <AttachButton
            offline={offline}
            noteId={offlineNoteId}
            full={attachments.items.length >= ATTACHMENTS_MAX}
            onChoose={(files) => {
              const left = attachments.add(files);
              if (left > 0)
                notify.error(
                  `A message takes ${ATTACHMENTS_MAX} attachments at most; ${left === 1 ? 'one file was' : `${left} files were`} left out.`,
                );
            }}
          />
        )}
        <label className="sr-only" htmlFor={`${listId}-box`}>
          {label}
        </label>
        <textarea
          id={`${listId}-box`}
          ref={box}
          value={text}
          rows={1}
          placeholder={label}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={listOpen ? listId : undefined}
          aria-activedescendant={listOpen ? optionId(active) : undefined}
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          onChange={(event) => change(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setQuery(mentionQueryAt(text, event.currentTarget.selectionStart))}
          onKeyDown={onKeyDown}
          onBlur={() => setQuery(null)}
          className="max-h-40 min-h-11 flex-1 resize-none [field-sizing:content] rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        <button
          type="submit"
          aria-label="Send"
          disabled={blocked}
          aria-describedby={attachments.uploading ? `${hintId}-wait` : undefined}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:bg-brand-600/50"
        >
          <SendHorizontal aria-hidden className="size-5" />
        </button>
      </div>
      {attachments.uploading && (
        <p id={`${hintId}-wait`} className="mt-1 px-1 text-xs text-slate-600 dark:text-slate-400">
          Send waits until the files are uploaded.
        </p>
      )}
      {attachments.failed && !attachments.uploading && (
        <p className="mt-1 px-1 text-xs text-red-800 dark:text-red-300">
          Retry or remove the files that failed to send the message.
        </p>
      )}
      {mayAttach && offline && <OfflineAttachNote id={offlineNoteId} />}
      <p
        id={hintId}
        className={cn('mt-1 px-1 text-xs text-slate-500 dark:text-slate-400', !tooLong && 'sr-only')}
      >
        {tooLong
          ? `Too long: ${text.length} of ${MESSAGE_BODY_MAX} characters.`
          : 'Enter sends, Shift+Enter starts a new line. Type @ to mention someone.'}
      </p>
    </form>
  );
}
