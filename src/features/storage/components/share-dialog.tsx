import type { StorageItem } from '@contract/files';
import { createShareBody, SHARE_PASSWORD_MIN_CHARS, type CreatedShare } from '@contract/shares';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { applyServerError, type ServerFieldMap } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
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

/** The address of the link just made, to copy now: the server keeps only its hash. */
function CreatedLink({ share }: { share: CreatedShare }) {
  const inputId = useId();
  const noteId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);

  // A new link takes the focus, so a keyboard or screen reader user lands on what to copy (the dialog
  // keys this by address, so each new link mounts afresh).
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      setCopyFailed(false);
      notify.success('Link copied');
    } catch {
      // No clipboard (a page not served over HTTPS, a refused permission): leave the copy to the user.
      setCopyFailed(true);
      input.current?.focus();
      input.current?.select();
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-brand-500/40 bg-brand-50 p-3 dark:border-brand-700 dark:bg-brand-800/30">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Share link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={inputId}
          readOnly
          value={share.url}
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          Copy link
        </Button>
      </div>
      <p id={noteId} className="text-sm text-slate-700 dark:text-slate-300">
        Copy it now: this link is shown only this once. The list below keeps its details, not its address.
      </p>
      <p role="status" className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {copyFailed ? 'Press Ctrl+C to copy' : ''}
      </p>
    </div>
  );
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

        {created && <CreatedLink key={created.url} share={created} />}

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
