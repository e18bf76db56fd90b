import type { ChatPerson } from '@contract/chat';
import { messageTokens } from './message-tokens';

/*
 * The composer's @-mentions: which word at the caret is a mention being typed, what choosing a
 * person writes, and which people a finished message mentions (their ids go with it).
 */

export interface MentionQuery {
  /** Where the '@' is. */
  start: number;
  /** What follows it up to the caret. */
  query: string;
}

/** The '@word' being typed at the caret: '@' at the start or after a space, no space after it yet. */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N}._-]{0,30})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** People whose name has a word starting with the query, at most `max`. */
export function mentionCandidates(people: readonly ChatPerson[], query: string, max = 6): ChatPerson[] {
  const q = query.toLocaleLowerCase();
  return people
    .filter(
      (p) =>
        !q ||
        p.name
          .toLocaleLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith(q)),
    )
    .slice(0, max);
}

/** The text with the query replaced by '@Name ', and where the caret goes. */
export function insertMention(text: string, query: MentionQuery, caret: number, person: ChatPerson) {
  const inserted = `@${person.name} `;
  return {
    text: text.slice(0, query.start) + inserted + text.slice(caret),
    caret: query.start + inserted.length,
  };
}

/** The ids of the people whose '@Name' is in the body ('@Ann Lee' names Ann Lee, not Ann). */
export function mentionIdsOf(body: string, people: readonly ChatPerson[]): string[] {
  const ids = messageTokens(body, people).flatMap((t) => (t.type === 'mention' ? [t.userId] : []));
  return [...new Set(ids)];
}
