import type { InviteStatus, MemberStatus } from '@contract/members';
import { cn } from '@/components/ui/cn';
import { inviteStatusLabel, memberStatusLabel } from '../members-filter';

const badge = 'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold';
const green = 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100';
const grey = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200';
const amber = 'bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100';
const red = 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200';

const memberLooks: Record<MemberStatus, string> = { active: green, deactivated: grey };
const inviteLooks: Record<InviteStatus, string> = {
  pending: amber,
  accepted: green,
  revoked: grey,
  expired: red,
};

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return <span className={cn(badge, memberLooks[status])}>{memberStatusLabel[status]}</span>;
}

export function InviteStatusBadge({ status }: { status: InviteStatus }) {
  return <span className={cn(badge, inviteLooks[status])}>{inviteStatusLabel[status]}</span>;
}
