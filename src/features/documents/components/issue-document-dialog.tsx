import { zodResolver } from '@hookform/resolvers/zod';
import {
  documentIssue,
  documentKinds,
  SIGNER_MAX,
  type DocumentIssue,
  type DocumentSettings,
} from '@contract/documents';
import { useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api-client';
import { todayCalendarDate } from '@/lib/calendar-date';
import { applyServerError, serverErrorMessage } from '@/lib/form-errors';
import { answerRenewsKey, useIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { useDocumentSettings } from '../api/get-document-settings';
import { useDocumentVolunteers } from '../api/get-volunteers';
import { useIssueDocument } from '../api/issue-document';
import { kindLabel } from '../documents-filter';
import { periodOf, type PeriodChoice } from '../period';
import { PeriodFields } from './period-fields';

type IssueValues = z.input<typeof documentIssue>;
type IssueOutput = z.output<typeof documentIssue>;

/** The fields of a 400 the form has inputs for, in its order. */
const issueFields = ['volunteerId', 'kind', 'periodFrom', 'periodTo', 'signerName', 'signerTitle'] as const;

/**
 * 'Issue document': one certificate or letter for one active volunteer, for a period (this year by
 * default), signed by the NGO's default signer unless changed. Online only.
 */
export function IssueDocumentDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactElement;
}) {
  const settings = useDocumentSettings(open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Issue a document"
      description="Its figures are the volunteer’s approved hours in the period, fixed when it is issued."
      closeOnOutsideClick={false}
    >
      {/* Mounted only while open, and once the default signer is known: each issue starts afresh. */}
      {open &&
        (settings.isPending ? (
          <div role="status" aria-label="Loading the document settings" className="flex flex-col gap-3">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : (
          <IssueForm settings={settings.data} onDone={() => onOpenChange(false)} />
        ))}
    </Dialog>
  );
}

function IssueForm({ settings, onDone }: { settings: DocumentSettings | undefined; onDone: () => void }) {
  const issue = useIssueDocument();
  const volunteers = useDocumentVolunteers();
  const idempotencyKey = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<PeriodChoice>('this-year');
  const thisYear = periodOf('this-year')!;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<IssueValues, unknown, IssueOutput>({
    resolver: zodResolver(documentIssue),
    defaultValues: {
      volunteerId: '',
      kind: 'certificate',
      ...thisYear,
      // The NGO's default signer, to keep or change for this document.
      signerName: settings?.signerName ?? '',
      signerTitle: settings?.signerTitle ?? '',
    },
  });
  const fallback = 'The document could not be issued. Try again.';

  const choose = (next: PeriodChoice) => {
    setChoice(next);
    const days = periodOf(next);
    if (!days) return;
    setValue('periodFrom', days.periodFrom, { shouldValidate: isSubmitted });
    setValue('periodTo', days.periodTo, { shouldValidate: isSubmitted });
  };
  const typed = { onChange: () => setChoice('custom') };

  const onValid = ({ signerName, signerTitle, ...rest }: IssueOutput) => {
    setFailure(null);
    // A blank signer is the NGO's default (the server fills it).
    const body: DocumentIssue = {
      ...rest,
      ...(signerName && { signerName }),
      ...(signerTitle && { signerTitle }),
    };
    issue.mutate(
      { body, idempotencyKey: idempotencyKey.start() },
      {
        onSuccess: (made) => {
          idempotencyKey.renew();
          notify.success(`${kindLabel[made.kind]} issued to ${made.volunteerName}.`);
          onDone();
        },
        onError: (error) => {
          if (answerRenewsKey(errorStatus(error))) idempotencyKey.renew();
          setFailure(applyServerError(error, setError, issueFields, fallback));
        },
      },
    );
  };

  const periodFrom = useWatch({ control, name: 'periodFrom' });
  const kind = useWatch({ control, name: 'kind' });
  const startsLater = (periodFrom ?? '') > todayCalendarDate();
  const list = volunteers.data ?? [];

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      onInput={idempotencyKey.start}
      className="flex flex-col gap-4"
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      {volunteers.isError ? (
        <Alert tone="error">
          {serverErrorMessage(volunteers.error, 'The volunteers could not be loaded.')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void volunteers.refetch()}>
            Retry
          </button>
        </Alert>
      ) : (
        <SelectField
          label="Volunteer"
          required
          disabled={volunteers.isPending}
          hint={
            !volunteers.isPending && list.length === 0
              ? 'Your organisation has no active volunteers yet.'
              : undefined
          }
          error={errors.volunteerId?.message}
          {...register('volunteerId')}
        >
          <option value="">{volunteers.isPending ? 'Loading volunteers...' : 'Choose a volunteer'}</option>
          {list.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name} ({v.email})
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label="Document"
        hint={kind === 'letter' ? 'Written from your letter template (Document settings).' : undefined}
        error={errors.kind?.message}
        {...register('kind')}
      >
        {documentKinds.map((kind) => (
          <option key={kind} value={kind}>
            {kindLabel[kind]}
          </option>
        ))}
      </SelectField>
      <PeriodFields
        choice={choice}
        onChoose={choose}
        from={register('periodFrom', typed)}
        to={register('periodTo', typed)}
        errors={{ periodFrom: errors.periodFrom?.message, periodTo: errors.periodTo?.message }}
      />
      {startsLater && (
        <p className="text-sm text-amber-800 dark:text-amber-200">
          This period has not started yet: the document will count only the hours approved so far.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Signer"
          autoComplete="off"
          maxLength={SIGNER_MAX}
          error={errors.signerName?.message}
          {...register('signerName')}
        />
        <Field
          label="Signer title"
          autoComplete="off"
          maxLength={SIGNER_MAX}
          error={errors.signerTitle?.message}
          {...register('signerTitle')}
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <OnlineSubmitButton
          offlineReason="Issuing a document needs a connection."
          pending={issue.isPending}
          pendingLabel="Issuing..."
        >
          Issue document
        </OnlineSubmitButton>
      </DialogFooter>
    </form>
  );
}
