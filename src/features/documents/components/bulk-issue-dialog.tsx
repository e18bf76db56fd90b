import { zodResolver } from '@hookform/resolvers/zod';
import { documentBulkIssue, documentKinds, type DocumentBulkResult } from '@contract/documents';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { applyServerError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useBulkIssueDocuments } from '../api/bulk-issue-documents';
import { kindLabel } from '../documents-filter';
import { periodOf, type PeriodChoice } from '../period';
import { PeriodFields } from './period-fields';

type BulkValues = z.input<typeof documentBulkIssue>;
type BulkOutput = z.output<typeof documentBulkIssue>;

const bulkFields = ['kind', 'periodFrom', 'periodTo', 'minHours'] as const;
export const DEFAULT_MIN_HOURS = 20;

/** What a bulk issue did, as the toast says it. */
export const bulkResultMessage = (result: DocumentBulkResult) =>
  `Issued ${result.issued.length}, skipped ${result.skipped}, already issued ${result.alreadyIssued}.`;

/**
 * 'Issue to many': a certificate (or letter) for every active volunteer with at least the minimum
 * approved hours in the period, signed by the NGO's default signer. Those below the minimum are
 * skipped; those already holding one for that period are not issued another. Online only.
 */
export function BulkIssueDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactElement;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Issue to many volunteers"
      description="Every active volunteer with at least the minimum approved hours in the period gets one."
      closeOnOutsideClick={false}
    >
      {open && <BulkForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function BulkForm({ onDone }: { onDone: () => void }) {
  const bulk = useBulkIssueDocuments();
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<PeriodChoice>('this-year');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<BulkValues, unknown, BulkOutput>({
    resolver: zodResolver(documentBulkIssue),
    defaultValues: { kind: 'certificate', ...periodOf('this-year')!, minHours: DEFAULT_MIN_HOURS },
  });

  const choose = (next: PeriodChoice) => {
    setChoice(next);
    const days = periodOf(next);
    if (!days) return;
    setValue('periodFrom', days.periodFrom, { shouldValidate: isSubmitted });
    setValue('periodTo', days.periodTo, { shouldValidate: isSubmitted });
  };
  const typed = { onChange: () => setChoice('custom') };

  const onValid = (body: BulkOutput) => {
    setFailure(null);
    bulk.mutate(body, {
      onSuccess: (result) => {
        notify.success(bulkResultMessage(result));
        onDone();
      },
      onError: (error) =>
        setFailure(
          applyServerError(error, setError, bulkFields, 'The documents could not be issued. Try again.'),
        ),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <SelectField label="Document" error={errors.kind?.message} {...register('kind')}>
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
      <Field
        label="Minimum approved hours"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        required
        hint="Volunteers with fewer approved hours in the period are skipped."
        error={errors.minHours?.message}
        {...register('minHours', { valueAsNumber: true })}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <OnlineSubmitButton
          offlineReason="Issuing documents needs a connection."
          pending={bulk.isPending}
          pendingLabel="Issuing..."
        >
          Issue documents
        </OnlineSubmitButton>
      </DialogFooter>
    </form>
  );
}
