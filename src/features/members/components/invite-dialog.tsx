import { zodResolver } from '@hookform/resolvers/zod';
import { assignableRoles, memberErrorCodes, type Invite, type InviteCreate } from '@contract/members';
import { Link } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { errorStatus } from '@/lib/api-client';
import { applyServerError, serverErrorCode, serverErrorMessage } from '@/lib/form-errors';
import { answerRenewsKey, useIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { inviteFormSchema, useCreateInvite, type InviteFormValues } from '../api/create-invite';
import { roleLabel } from '../format';
import { roleDescriptions } from '../role-descriptions';

const failed = 'The invitation could not be sent. Try again.';

/**
 * 'Invite member': an email and a role (only roles up to the inviter's own), mailed a link that
 * works for a week. The server's refusals land where they belong: an address that is already a
 * member under the email field, the plan's member limit as an alert pointing to the plans.
 */
export function InviteDialog({
  open,
  onOpenChange,
  viewerRole,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewerRole: string;
  /** The button that opens it (focus goes back to it on close). */
  trigger?: ReactElement;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Invite a member"
      description="They get an email with a link to join. It works for 7 days."
      closeOnOutsideClick={false}
      size="sm"
    >
      {/* Mounted only while open: each invitation starts from a blank form and a new key. */}
      {open && <InviteForm viewerRole={viewerRole} onSent={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function InviteForm({ viewerRole, onSent }: { viewerRole: string; onSent: (invite: Invite) => void }) {
  const create = useCreateInvite();
  const idempotencyKey = useIdempotencyKey();
  const [failure, setFailure] = useState<{ message: string; planLimit: boolean } | null>(null);
  const roles = assignableRoles(viewerRole);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<InviteFormValues, unknown, InviteCreate>({
    resolver: zodResolver(inviteFormSchema),
    mode: 'onTouched',
    // Most people an organisation invites are volunteers.
    defaultValues: { email: '', role: roles.includes('VOLUNTEER') ? 'VOLUNTEER' : roles.at(-1) },
  });
  const chosen = useWatch({ control, name: 'role' });

  const onValid = (body: InviteCreate) => {
    setFailure(null);
    create.mutate(
      { body, idempotencyKey: idempotencyKey.start() },
      {
        onSuccess: (invite) => {
          idempotencyKey.renew();
          notify.success(`Invitation sent to ${invite.email}.`);
          onSent(invite);
        },
        onError: (error) => {
          if (answerRenewsKey(errorStatus(error))) idempotencyKey.renew();
          const code = serverErrorCode(error);
          if (code === memberErrorCodes.alreadyMember) {
            setError(
              'email',
              { type: 'server', message: serverErrorMessage(error, 'This address is already a member.') },
              { shouldFocus: true },
            );
            return;
          }
          if (code === memberErrorCodes.memberLimitReached) {
            setFailure({ message: serverErrorMessage(error, failed), planLimit: true });
            return;
          }
          const message = applyServerError(error, setError, ['email', 'role'], failed);
          if (message) setFailure({ message, planLimit: false });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      onInput={idempotencyKey.start}
      className="flex flex-col gap-4"
    >
      {failure && (
        <Alert tone="error">
          {failure.message}
          {failure.planLimit && (
            <>
              {' '}
              <Link to="/settings" className="font-semibold underline underline-offset-2">
                Open Account Settings
              </Link>
            </>
          )}
        </Alert>
      )}
      <Field
        label="Email"
        type="email"
        autoComplete="off"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <SelectField
        label="Role"
        error={errors.role?.message}
        hint={chosen ? roleDescriptions[chosen as keyof typeof roleDescriptions] : undefined}
        {...register('role')}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </SelectField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <OnlineSubmitButton
          offlineReason="Sending an invitation needs a connection."
          pending={create.isPending}
          pendingLabel="Sending..."
        >
          Send invitation
        </OnlineSubmitButton>
      </DialogFooter>
    </form>
  );
}
