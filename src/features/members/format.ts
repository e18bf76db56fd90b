import { memberRoleLabels, type MemberRole } from '@contract/members';

/*
 * Words and times of the staff screen. Formatters are made once: making one costs far more than
 * formatting, and a list formats a cell per member.
 */

/** 'NGO admin'; a role the NGO does not give (the platform's SUPER_ADMIN) still reads well. */
export function roleLabel(role: string): string {
  const normalized = role === 'admin' ? 'ADMIN' : role;
  if (normalized === 'SUPER_ADMIN') return 'Super admin';
  return memberRoleLabels[normalized as MemberRole] ?? normalized;
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let relative: Intl.RelativeTimeFormat | undefined;
let absolute: Intl.DateTimeFormat | undefined;

/**
 * An instant relative to now, either way: '5 minutes ago', 'yesterday', 'in 6 days'; 'just now'
 * within a minute. In the interface's language (English), like the sentences around it.
 */
export function relativeTime(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const seconds = Math.round((ms - now) / 1000);
  const size = Math.abs(seconds);
  if (size < 60) return 'just now';
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, length] of units)
    if (size >= length) return relative.format(Math.sign(seconds) * Math.floor(size / length), unit);
  return 'just now';
}

/** The instant in the user's locale and zone ('14 Mar 2026, 09:05'), for a title or a screen reader. */
export function absoluteTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return (absolute ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })).format(ms);
}

/** 'Last seen 5 minutes ago', or 'never' before the member's first sign-in. */
export const lastSeenLabel = (lastSeenAt: string | null, now = Date.now()) =>
  lastSeenAt ? relativeTime(lastSeenAt, now) : 'never';
