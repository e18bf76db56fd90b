import {
  campaignChannelLabels,
  segmentKindLabels,
  type CampaignChannel,
  type Segment,
} from '@contract/campaigns';
import { memberRoleLabels, type MemberRole } from '@contract/members';
import { formatCalendarDate } from '@/lib/calendar-date';

/*
 * Words and times of Send Notification. Formatters are made once: making one costs far more than
 * formatting, and a list formats several dates per campaign.
 */

let dateTime: Intl.DateTimeFormat | undefined;

/** An instant in the user's locale and zone ('3 Dec 2026, 09:00'); '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (dateTime ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })).format(date);
}

let numbers: Intl.NumberFormat | undefined;
export const formatCount = (n: number) => (numbers ??= new Intl.NumberFormat()).format(n);

/** 'NGO admin'; the platform's own role too. */
export function roleLabel(role: string): string {
  if (role === 'SUPER_ADMIN') return 'Super admin';
  return memberRoleLabels[(role === 'admin' ? 'ADMIN' : role) as MemberRole] ?? role;
}

/** 'Email, SMS', in the contract's order. */
export const channelsLabel = (channels: readonly CampaignChannel[]) =>
  (['email', 'in_app', 'sms'] as const)
    .filter((c) => channels.includes(c))
    .map((c) => campaignChannelLabels[c])
    .join(', ');

const listOf = (words: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(words);

/**
 * Who a campaign goes to, in a sentence: 'Members: Staff and Volunteer', 'Volunteers with at least
 * 5 approved hours from 1 Jan 2026 to 31 Mar 2026'. `ngoCount` is said only when organisations were
 * named (SUPER_ADMIN).
 */
export function segmentSummary(segment: Segment): string {
  const ngos = 'ngoIds' in segment && segment.ngoIds.length ? segment.ngoIds.length : 0;
  const inNgos = ngos ? ` in ${ngos} organisation${ngos === 1 ? '' : 's'}` : '';
  switch (segment.kind) {
    case 'members':
      return segment.roles.length
        ? `${segmentKindLabels.members}: ${listOf(segment.roles.map(roleLabel))}${inNgos}`
        : `${segmentKindLabels.members}: everyone${inNgos}`;
    case 'volunteers_with_hours':
      return `Volunteers with at least ${segment.minHours} approved hour${segment.minHours === 1 ? '' : 's'} from ${formatCalendarDate(segment.from)} to ${formatCalendarDate(segment.to)}${inNgos}`;
    case 'newsletter':
      return segmentKindLabels.newsletter;
  }
}

/** '1 recipient', '27 recipients'. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
