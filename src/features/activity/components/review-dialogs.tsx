import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatMinutes,
  REPORT_MINUTES_MAX,
  REPORT_REASON_MAX,
  type ActivityReport,
} from '@contract/activity-reports';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useReportHistory } from '../api/get-report-history';
import { ListError } from './list-states';

const declineForm = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the report is declined.')
    .max(REPORT_REASON_MAX, `Reason is too long (${REPORT_REASON_MAX} characters at most).`),
});

/** Asks why before declining one report or many; the volunteer reads the reason. */
export function DeclineDialog({
  open,
  onOpenChange,
  count,
  pending,
  onDecline,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  pending: boolean;
  onDecline: (reason: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={count === 1 ? 'Decline this report?' : `Decline ${count} reports?`}
      description="The volunteer sees your reason with the report."
      closeOnOutsideClick={false}
      size="sm"
    >
      {open && <DeclineForm pending={pending} onDecline={onDecline} />}
    </Dialog>
  );
}

function DeclineForm({ pending, onDecline }: { pending: boolean; onDecline: (reason: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof declineForm>, unknown, z.output<typeof declineForm>>({
    resolver: zodResolver(declineForm),
    defaultValues: { reason: '' },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ reason }) => onDecline(reason))}
      className="flex flex-col gap-4"
    >
      <TextAreaField
        label="Reason"
        rows={3}
        required
        hint="For example: this day was already reported."
        error={errors.reason?.message}
        {...register('reason')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" pending={pending}>
          Decline
        </Button>
      </DialogFooter>
    </form>
  );
}

const hoursForm = z
  .object({
    hours: z.string(),
    minutes: z.string(),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why the hours change.')
      .max(REPORT_REASON_MAX, `Reason is too long (${REPORT_REASON_MAX} characters at most).`),
  })
  .transform((v, ctx) => {
    const h = v.hours.trim() ? Number(v.hours) : 0;
    const m = v.minutes.trim() ? Number(v.minutes) : 0;
    const total = h * 60 + m;
    if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || m < 0 || m > 59) {
      ctx.addIssue({ code: 'custom', path: ['hours'], message: 'Give whole hours and minutes (0–59).' });
      return z.NEVER;
    }
    if (total < 1 || total > REPORT_MINUTES_MAX) {
      ctx.addIssue({ code: 'custom', path: ['hours'], message: 'Between 1 minute and 24 hours.' });
      return z.NEVER;
    }
    return { minutes: total, reason: v.reason };
  });

/** A reviewer corrects the counted hours, saying why (kept in the report's history). */
export function EditHoursDialog({
  report,
  onOpenChange,
  pending,
  onSave,
}: {
  report: ActivityReport | null;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onSave: (body: { minutes: number; reason: string }) => void;
}) {
  return (
    <Dialog
      open={report !== null}
      onOpenChange={onOpenChange}
      title="Edit hours"
      description={
        report
          ? `Reported: ${formatMinutes(report.reportedMinutes)}. Counted now: ${formatMinutes(report.minutes)}.`
          : undefined
      }
      closeOnOutsideClick={false}
      size="sm"
    >
      {report && <EditHoursForm report={report} pending={pending} onSave={onSave} />}
    </Dialog>
  );
}

function EditHoursForm({
  report,
  pending,
  onSave,
}: {
  report: ActivityReport;
  pending: boolean;
  onSave: (body: { minutes: number; reason: string }) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof hoursForm>, unknown, z.output<typeof hoursForm>>({
    resolver: zodResolver(hoursForm),
    defaultValues: {
      hours: String(Math.floor(report.minutes / 60)),
      minutes: String(report.minutes % 60),
      reason: '',
    },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSave)} className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Hours"
          type="number"
          inputMode="numeric"
          min={0}
          max={24}
          error={errors.hours?.message}
          {...register('hours')}
        />
        <Field label="Minutes" type="number" inputMode="numeric" min={0} max={59} {...register('minutes')} />
      </div>
      <TextAreaField
        label="Reason"
        rows={3}
        required
        error={errors.reason?.message}
        {...register('reason')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" pending={pending}>
          Save hours
        </Button>
      </DialogFooter>
    </form>
  );
}

const actionLabels: Record<string, string> = {
  'activity.submitted': 'Submitted',
  'activity.approved': 'Approved',
  'activity.declined': 'Declined',
  'activity.hours_edited': 'Hours changed',
};

const detailsLine = (details: Record<string, unknown>): string => {
  const { from, to, reason } = details;
  const parts: string[] = [];
  if (typeof from === 'number' && typeof to === 'number')
    parts.push(`${formatMinutes(from)} → ${formatMinutes(to)}`);
  if (typeof reason === 'string' && reason) parts.push(`“${reason}”`);
  return parts.join(': ');
};

/** Who submitted, reviewed or corrected the report, when and why (the audit trail). */
export function HistoryDialog({
  report,
  onOpenChange,
}: {
  report: ActivityReport | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={report !== null} onOpenChange={onOpenChange} title="History" size="md">
      {report && <HistoryList reportId={report.id} />}
    </Dialog>
  );
}

function HistoryList({ reportId }: { reportId: string }) {
  const query = useReportHistory(reportId);
  if (query.isError)
    return (
      <ListError
        error={query.error}
        fallback="The history could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data) return <p role="status">Loading the history…</p>;
  if (query.data.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <ol aria-label="Changes, oldest first" className="flex flex-col gap-3">
      {query.data.map((entry, i) => (
        <li key={i} className="border-l-2 border-brand-600 pl-3 text-sm">
          <p className="font-semibold">
            {actionLabels[entry.action] ?? entry.action}
            {entry.actorName ? ` by ${entry.actorName}` : ''}
          </p>
          <p className="text-slate-600 dark:text-slate-400">
            <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
          </p>
          {detailsLine(entry.details) && <p>{detailsLine(entry.details)}</p>}
        </li>
      ))}
    </ol>
  );
}
