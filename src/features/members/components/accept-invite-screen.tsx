import { zodResolver } from '@hookform/resolvers/zod';
import { memberErrorCodes, type InviteLookup } from '@contract/members';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { LoadingOrOffline } from '@/components/ui/loading-or-offline';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api-client';
import { applyServerError, serverErrorCode, serverErrorMessage } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useUnsavedInput } from '@/lib/unsaved-input';
import {
  joinWithAccountSchema,
  joinWithNewAccountSchema,
  useAcceptInvite,
  type JoinWithAccountValues,
  type JoinWithNewAccountValues,
} from '../api/accept-invite';
import { useInviteLookup } from '../api/lookup-invite';
import { roleLabel } from '../format';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';
const failed = 'Could not join. Please try again.';

/** The link's token is unknown, used, revoked or expired (or malformed: the server's 400 names it). */
const isInvalidLink = (error: unknown) =>
  serverErrorCode(error) === memberErrorCodes.inviteInvalid ||
  errorStatus(error) === 404 ||
  errorStatus(error) === 410;

/**
 * /accept-invite?token=…: what the invitation is (the organisation, the role, the address), then
 * joining: with a name and a new password, or with the password of the account the address already
 * has. Joined, the person is signed in and taken to the dashboard.
 */
export function AcceptInviteScreen({ token }: { token: string }) {
  const lookup = useInviteLookup(token);
  const [usedUp, setUsedUp] = useState(false);

  if (usedUp || (lookup.isError && isInvalidLink(lookup.error))) return <InvalidInvite />;
  if (lookup.isError)
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{serverErrorMessage(lookup.error, 'The invitation could not be loaded.')}</Alert>
        <Button variant="secondary" pending={lookup.isFetching} onClick={() => void lookup.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (!lookup.data)
    return (
      <LoadingOrOffline fetchStatus={lookup.fetchStatus}>
        <div role="status" aria-label="Loading the invitation" className="flex flex-col gap-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </LoadingOrOffline>
    );

  const invite = lookup.data;
  return (
    <div className="flex flex-col gap-5">
      <Card className="flex flex-col gap-1 p-4">
        <h2 className="text-lg font-semibold break-words">
          {`Join ${invite.ngoName} as ${roleLabel(invite.role)}`}
        </h2>
        <p className="text-sm break-all text-slate-700 dark:text-slate-300">Invitation for {invite.email}</p>
      </Card>
      {invite.accountExists ? (
        <JoinWithAccount token={token} invite={invite} onLinkUsedUp={() => setUsedUp(true)} />
      ) : (
        <JoinWithNewAccount token={token} invite={invite} onLinkUsedUp={() => setUsedUp(true)} />
      )}
    </div>
  );
}

interface JoinFormProps {
  token: string;
  invite: InviteLookup;
  /** The link stopped working between the lookup and the answer (revoked, expired, used). */
  onLinkUsedUp: () => void;
}

/** After joining: the dashboard, then the welcome (the portal's toaster shows it there). */
function useJoined(invite: InviteLookup) {
  const navigate = useNavigate();
  return async () => {
    await navigate({ to: '/dashboard' });
    notify.success(`Welcome to ${invite.ngoName}. You joined as ${roleLabel(invite.role)}.`);
  };
}

/** The email as the password's username, read-only, so a password manager saves them together. */
function EmailShown({ email }: { email: string }) {
  return <Field label="Email" type="email" autoComplete="username" value={email} readOnly />;
}

function JoinWithNewAccount({ token, invite, onLinkUsedUp }: JoinFormProps) {
  const accept = useAcceptInvite();
  const joined = useJoined(invite);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<JoinWithNewAccountValues>({
    resolver: zodResolver(joinWithNewAccountSchema),
    mode: 'onTouched',
    defaultValues: { name: '', password: '' },
  });
  useUnsavedInput(isDirty && !accept.isSuccess);

  const onValid = ({ name, password }: JoinWithNewAccountValues) => {
    setFailure(null);
    accept.mutate(
      { token, name: name.trim(), password },
      {
        onSuccess: () => void joined(),
        onError: (error) => {
          if (isInvalidLink(error)) return onLinkUsedUp();
          setFailure(
            applyServerError(error, setError, ['name', 'password'], failed) ??
              serverErrorMessage(error, failed),
          );
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">Choose your name and a password to join.</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <EmailShown email={invite.email} />
      <Field label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <OnlineSubmitButton
        offlineReason="Joining needs a connection."
        pending={accept.isPending || accept.isSuccess}
        pendingLabel="Joining..."
      >
        {`Join ${invite.ngoName}`}
      </OnlineSubmitButton>
    </form>
  );
}

function JoinWithAccount({ token, invite, onLinkUsedUp }: JoinFormProps) {
  const accept = useAcceptInvite();
  const joined = useJoined(invite);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<JoinWithAccountValues>({
    resolver: zodResolver(joinWithAccountSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });
  useUnsavedInput(isDirty && !accept.isSuccess);

  const onValid = ({ password }: JoinWithAccountValues) => {
    setFailure(null);
    accept.mutate(
      { token, password },
      {
        onSuccess: () => void joined(),
        onError: (error) => {
          if (isInvalidLink(error)) return onLinkUsedUp();
          setFailure(
            applyServerError(error, setError, ['password'], failed) ?? serverErrorMessage(error, failed),
          );
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        This address already has an NGO Portal account. Sign in to join with your existing account.
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {`An account belongs to one organisation at a time: joining moves it to ${invite.ngoName} as ${roleLabel(invite.role)}, and signs it out on your other devices.`}
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <EmailShown email={invite.email} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="-mt-1 text-right text-sm">
        <Link to="/forgot-password" className={linkClass}>
          Forgot your password?
        </Link>
      </div>
      <OnlineSubmitButton
        offlineReason="Joining needs a connection."
        pending={accept.isPending || accept.isSuccess}
        pendingLabel="Signing in..."
      >
        Sign in and join
      </OnlineSubmitButton>
    </form>
  );
}

/** A link that no longer works: why that may be, and what to do. */
export function InvalidInvite() {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info">
        <p className="font-semibold">This invitation link no longer works.</p>
        <p className="mt-1">
          Links work for 7 days and only once. It may have expired, been replaced by a newer invitation, or
          been revoked. Ask the person who invited you to send it again.
        </p>
      </Alert>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Already joined? Sign in with the email the invitation was sent to.
      </p>
      <Link to="/signin" className={buttonClass('primary')}>
        Sign In
      </Link>
    </div>
  );
}

/** /accept-invite opened without the token of the emailed link. */
export function InviteLinkMissing() {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info">
        This page needs the link from your invitation email, and that link is missing or incomplete. Open the
        link from the email again, or ask the person who invited you to send it again.
      </Alert>
      <Link to="/signin" className={buttonClass('secondary')}>
        Sign In
      </Link>
    </div>
  );
}
