import {
  ACCEPT_INVITE_PATH,
  INVITE_TTL_DAYS,
  memberRoleLabels,
  type MemberRole,
} from '../../../contract/members';
import { tokenLink, type AuthMailDeps } from '../auth/auth-mails';

/**
 * The invitation's message, queued through the request's transaction like the auth mails (ADR 0023):
 * it leaves only if the invitation was written.
 */
export async function sendInvite(
  a: AuthMailDeps,
  invite: { to: string; ngoName: string; role: string; inviterName: string | null },
  token: string,
) {
  const url = tokenLink(a, ACCEPT_INVITE_PATH, token);
  const role = memberRoleLabels[invite.role as MemberRole] ?? invite.role;
  const who = invite.inviterName ? `${invite.inviterName} has invited you` : 'You are invited';
  await a.mail.queue(a.db, {
    to: invite.to,
    subject: `Join ${invite.ngoName} on NGO Portal`,
    text: `Hello,\n\n${who} to join ${invite.ngoName} on NGO Portal as ${role}.\n\nOpen this link to accept; you can choose a password, or join with the NGO Portal account you already have for this address:\n${url}\n\nThe link works once and expires in ${INVITE_TTL_DAYS} days. If you did not expect this invitation, ignore this message.`,
    link: url,
  });
}
