import type { StorageItem } from '@contract/files';
import { createShareBody, SHARE_PASSWORD_MIN_CHARS, type CreatedShare } from '@contract/shares';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { CopyField } from '@/components/ui/copy-field';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { applyServerError, type ServerFieldMap } from '@/lib/form-errors';
import { useCreateShare } from '../api/shares';
import { ShareLinkList } from './share-link-list';

const expiryChoices = [
  { value: 'never', label: 'Never', days: null },
  { value: '1', label: 'In 1 day', days: 1 },
  { value: '7', label: 'In 7 days', days: 7 },
  { value: '30', label: 'In 30 days', days: 30 },
] as const;
type Expiry = (typeof expiryChoices)[number]['value'];

// The password rule is the server's own (contract/shares.ts); the expiry is a choice the form turns
// into the body's date-time only on submit, so a dialog left open does not send a past moment.
const shareForm = z.object({
  expiry: z.literal(expiryChoices.map((choice) => choice.value)),
  password: createShareBody.shape.password,
});
type ShareFormValues = z.input<typeof shareForm>;

const serverFields: ServerFieldMap<ShareFormValues> = { expiresAt: 'expiry', password: 'password' };
const defaults: ShareFormValues = { expiry: '7', password: '' };

function expiresAt(expiry: Expiry, now = Date.now()): string | null {
  const days = expiryChoices.find((choice) => choice.value === expiry)?.days ?? null;
  return days === null ? null : new Date(now + days * 86_400_000).toISOString();
}

/**
 * Makes download links to one file for people without an account, shows the new one once, and lists
 * the file's links with what the server counts of them.
 */
export function ShareDialog({
  file,
  onOpenChange,
}: {
  file: Pick<StorageItem, 'id' | 'name'>;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateShare();
  const linksHeadingId = useId();
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ShareFormValues>({
    resolver: zodResolver(shareForm),
    mode: 'onTouched',
    defaultValues: defaults,
  });

  const onValid = ({ expiry, password }: ShareFormValues) => {
    setFailure(null);
    create.mutate(
      { fileId: file.id, expiresAt: expiresAt(expiry), ...(password && { password }) },
      {
        onSuccess: (share) => {
          setCreated(share);
          // The password is now the link's; it should not stay typed in for the next one.
          reset(defaults);
        },
        onError: (error) =>
          setFailure(applyServerError(error, setError, serverFields, 'The link could not be made.')),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Share ${file.name}`}
      description="Anyone with a link can download this file without an account."
      // A stray tap beside the dialog must not throw away a link that cannot be shown again.
      closeOnOutsideClick={false}
    >
      <div className="flex flex-col gap-5">
        <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Link expires" error={errors.expiry?.message} {...register('expiry')}>
              {expiryChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </SelectField>
            <Field
              label="Password (optional)"
              type="password"
              autoComplete="new-password"
              hint={`At least ${SHARE_PASSWORD_MIN_CHARS} characters. People opening the link must type it.`}
              error={errors.password?.message}
              {...register('password')}
            />
          </div>
          <OnlineSubmitButton
            className="self-start"
            offlineReason="Connect to the internet to make a link."
            pending={create.isPending}
            pendingLabel="Creating…"
          >
            Create link
          </OnlineSubmitButton>
        </form>

        {created && (
          // Keyed by address: each new link mounts afresh and takes the focus, so a keyboard or screen
          // reader user lands on what to copy. The server keeps only the token's hash.
          <CopyField
            key={created.url}
            label="Share link"
            value={created.url}
            what="Link"
            copyLabel="Copy link"
            note="Copy it now: this link is shown only this once. The list below keeps its details, not its address."
            focusOnMount
            className="rounded-lg border border-brand-500/40 bg-brand-50 p-3 dark:border-brand-700 dark:bg-brand-800/30"
          />
        )}

        <section className="flex flex-col gap-2" aria-labelledby={linksHeadingId}>
          <h3 id={linksHeadingId} className="text-base font-semibold">
            Links to this file
          </h3>
          <ShareLinkList fileId={file.id} />
        </section>
      </div>
    </Dialog>
  );
}
