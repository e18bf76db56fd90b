import { zodResolver } from '@hookform/resolvers/zod';
import { assignableRoles, inviteCreate, type Member, type MemberRole } from '@contract/members';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { errorStatus } from '@/lib/api-client';
import { applyServerError, serverErrorMessage } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useUpdateMember } from '../api/update-member';
import { roleLabel } from '../format';
import { roleDescriptions } from '../role-descriptions';

const roleForm = inviteCreate.pick({ role: true });
type RoleFormValues = z.input<typeof roleForm>;
type RoleFormOutput = z.output<typeof roleForm>;

const failed = 'The role could not be changed. Try again.';

/**
 * Gives a member another role: only roles at or below the changer's own are offered (contract
 * assignableRoles, the server's rule too). A refusal about the organisation's state (the last admin
 * cannot be demoted) is a toast, and the choice goes back to the member's role; a lost connection
 * stays in the dialog with what was chosen, to send again.
 */
export function ChangeRoleDialog({
  member,
  viewerRole,
  onOpenChange,
  onCloseAutoFocus,
}: {
  member: Member;
  viewerRole: string;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close: the row's button that opened it (Radix returns it only to a trigger). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const update = useUpdateMember();
  const [failure, setFailure] = useState<string | null>(null);
  const roles = assignableRoles(viewerRole);
  const current = roles.includes(member.role as MemberRole) ? (member.role as MemberRole) : undefined;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<RoleFormValues, unknown, RoleFormOutput>({
    resolver: zodResolver(roleForm),
    defaultValues: { role: current ?? roles[roles.length - 1] },
  });
  const chosen = useWatch({ control, name: 'role' }) as MemberRole;

  const onValid = ({ role }: RoleFormOutput) => {
    setFailure(null);
    if (role === member.role) {
      setError('role', { message: `${member.name} is already ${roleLabel(role)}. Choose another role.` });
      return;
    }
    update.mutate(
      { memberId: member.id, change: { role } },
      {
        onSuccess: (changed) => {
          notify.success(`${changed.name} is now ${roleLabel(changed.role)}.`);
          onOpenChange(false);
        },
        onError: (error) => {
          const status = errorStatus(error);
          if (status === 409 || status === 403 || status === 404) {
            notify.error(serverErrorMessage(error, failed));
            reset({ role: current ?? roles[roles.length - 1] });
            if (status === 404) onOpenChange(false);
            return;
          }
          setFailure(applyServerError(error, setError, ['role'], failed));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Change ${member.name}’s role`}
      description={`Now ${roleLabel(member.role)} · ${member.email}`}
      size="sm"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <SelectField
          label="Role"
          error={errors.role?.message}
          hint={roleDescriptions[chosen]}
          data-autofocus
          {...register('role')}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          You can give roles up to your own. The change applies on {member.name}’s next request.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <OnlineSubmitButton
            offlineReason="Changing a role needs a connection."
            pending={update.isPending}
            pendingLabel="Saving..."
          >
            Change role
          </OnlineSubmitButton>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
