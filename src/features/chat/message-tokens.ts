/*
 * A message body is plain text from a user: it is cut into tokens that the screen renders as React
 * elements (text, a link, a highlighted mention), never as HTML. A link is only made of an http(s)
 * address, so `javascript:` and the like stay text.
 */

export type MessageToken =
  | { type: 'text'; text: string }
  | { type: 'link'; text: string; href: string }
  | { type: 'mention'; text: string; userId: string };

export interface MentionTarget {
  id: string;
  name: string;
}

// Trailing punctuation usually ends the sentence, not the address.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function linkTokens(text: string): MessageToken[] {
  const out: MessageToken[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) out.push({ type: 'text', text: text.slice(last, start) });
    out.push({ type: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

/**
 * The body's tokens: links, and `@Name` of the people the message mentions (longest names first, so
 * '@Ann Lee' wins over '@Ann'). Names of people not mentioned stay plain text.
 */
export function messageTokens(body: string, mentioned: readonly MentionTarget[] = []): MessageToken[] {
  const names = [...mentioned].filter((p) => p.name).sort((a, b) => b.name.length - a.name.length);
  const tokens: MessageToken[] = [];
  const pushText = (text: string) => tokens.push(...linkTokens(text));
  if (names.length === 0) {
    pushText(body);
  } else {
    const pattern = new RegExp(
      `@(${names.map((p) => escapeRegExp(p.name)).join('|')})(?![\\p{L}\\p{N}])`,
      'gu',
    );
    let last = 0;
    for (const match of body.matchAll(pattern)) {
      const person = names.find((p) => p.name === match[1])!;
      if (match.index > last) pushText(body.slice(last, match.index));
      tokens.push({ type: 'mention', text: match[0], userId: person.id });
      last = match.index + match[0].length;
    }
    if (last < body.length) pushText(body.slice(last));
  }
  return tokens.filter((t) => t.text.length > 0);
}

/**
 * The search answer's highlighted body: each «matched word» marked, as text parts. An unmatched «
 * or » (typed by a user) is kept as text.
 */
export function highlightParts(highlighted: string): Array<{ text: string; marked: boolean }> {
  const parts: Array<{ text: string; marked: boolean }> = [];
  const pattern = /«([^«»]*)»/g;
  let last = 0;
  for (const match of highlighted.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: highlighted.slice(last, match.index), marked: false });
    parts.push({ text: match[1]!, marked: true });
    last = match.index + match[0].length;
  }
  if (last < highlighted.length) parts.push({ text: highlighted.slice(last), marked: false });
  return parts.filter((p) => p.text.length > 0);
}
