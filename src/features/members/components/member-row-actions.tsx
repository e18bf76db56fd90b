import { mayManageMember, type Member } from '@contract/members';
import { can } from '@contract/permissions';
import { ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** What the signed-in user may do to members (a convenience: the server checks each change again). */
export interface Viewer {
  id: string;
  role: string;
}

export type MemberAction = 'role' | 'deactivate' | 'reactivate';

/**
 * The actions a member's row offers: none on one's own row (another admin changes yours, so nobody
 * locks themselves out by accident), none on a member above one's own role, else a role change and
 * deactivation or reactivation (contract mayManageMember, members:manage).
 */
export function memberActions(viewer: Viewer, member: Member): MemberAction[] {
  if (member.id === viewer.id) return [];
  if (!can(viewer.role, 'members:manage') || !mayManageMember(viewer.role, member.role)) return [];
  return ['role', member.status === 'active' ? 'deactivate' : 'reactivate'];
}

const looks: Record<MemberAction, { Icon: typeof UserX; word: string }> = {
  role: { Icon: ShieldCheck, word: 'Change role' },
  deactivate: { Icon: UserX, word: 'Deactivate' },
  reactivate: { Icon: UserCheck, word: 'Reactivate' },
};

/** The row's buttons, named with the member ('Change role of Amina Uwase') for screen readers. */
export function MemberRowActions({
  member,
  actions,
  disabledReasonId,
  pendingAction,
  onAction,
}: {
  member: Member;
  actions: MemberAction[];
  /** Offline: the buttons are disabled and described by this note. */
  disabledReasonId: string | undefined;
  pendingAction: MemberAction | undefined;
  onAction: (action: MemberAction, member: Member, from: HTMLElement) => void;
}) {
  return actions.map((action) => {
    const { Icon, word } = looks[action];
    return (
      <Button
        key={action}
        variant={action === 'deactivate' ? 'ghost' : 'secondary'}
        className="px-2 whitespace-nowrap sm:px-3"
        disabled={disabledReasonId !== undefined}
        aria-describedby={disabledReasonId}
        pending={pendingAction === action}
        // The visible word first (WCAG label in name), then whose row it is.
        aria-label={`${word} ${action === 'role' ? 'of ' : ''}${member.name}`}
        onClick={(event) => onAction(action, member, event.currentTarget)}
      >
        {/* No room for icons in a phone card's two columns. */}
        <Icon aria-hidden className="hidden size-4 shrink-0 sm:block" />
        {word}
      </Button>
    );
  });
}
