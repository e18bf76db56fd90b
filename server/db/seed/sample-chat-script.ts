/*
 * The shape of the demo's team-chat history (issue 16; the lines are in sample-chat-public.ts and
 * sample-chat-private.ts): what a small Kigali NGO's team says over two weeks of field work. Lines
 * are in the order they were sent; `day` is days before the seeding day. Who is a
 * demo account (demo-accounts.ts), by a short name.
 */

export const CHAT_PEOPLE = {
  sam: 'superadmin@demo.ngo',
  ada: 'admin@demo.ngo',
  nadia: 'ngoadmin@demo.ngo',
  eric: 'staff@demo.ngo',
  grace: 'volunteer@demo.ngo',
  amani: 'analyst@demo.ngo',
  victor: 'viewer@demo.ngo',
} as const;
export type Who = keyof typeof CHAT_PEOPLE;

export interface ScriptLine {
  by: Who;
  text: string;
  day: number;
  /** A name other lines reply to. */
  key?: string;
  /** The key of the line this one replies to (a thread). */
  reply?: string;
  mentions?: Who[];
  reactions?: [emoji: string, who: Who[]][];
  /** Edited a few minutes later: this was the first text, `text` the edited one. */
  editedFrom?: string;
  deleted?: boolean;
}

export interface ScriptConversation {
  name: string;
  topic: string;
  visibility: 'public' | 'private';
  kind: 'channel' | 'direct';
  createdBy: Who;
  /** 'everyone': every active member of the demo organisation. */
  members: 'everyone' | Who[];
  /** Messages left unread at the end for these people (the newest n not their own). */
  unreadFor: Partial<Record<Who, number>>;
  lines: ScriptLine[];
}
