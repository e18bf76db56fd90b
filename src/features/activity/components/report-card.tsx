import { formatMinutes, reportCategoryLabels, type ActivityReport } from '@contract/activity-reports';
import { MapPin } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatCalendarDate } from '@/lib/calendar-date';
import type { UploadingPhoto } from '../photo-uploader';
import type { StoredPhoto } from '../report-photos';
import { ReportPhotosList } from './report-photos-list';
import { ReportStatusBadge } from './report-status';

/** '14:00–16:30, 2 h 30 min', or '3 h'; a reviewer's correction says what was reported. */
export function hoursLine(report: ActivityReport): string {
  const span = report.startTime && report.endTime ? `${report.startTime}–${report.endTime}, ` : '';
  const corrected =
    report.minutes !== report.reportedMinutes ? ` (reported ${formatMinutes(report.reportedMinutes)})` : '';
  return `${span}${formatMinutes(report.minutes)}${corrected}`;
}

/** One report as a card: its day, hours, category, task, description, place, photos and status. */
export function ReportCard({
  report,
  waiting = false,
  attention = false,
  showVolunteer = false,
  local,
  uploading,
  showThumbnails,
  leading,
  actions,
}: {
  report: ActivityReport;
  waiting?: boolean;
  attention?: boolean;
  showVolunteer?: boolean;
  local?: StoredPhoto[];
  uploading?: UploadingPhoto | null;
  showThumbnails?: boolean;
  /** Before the title (the review queue's checkbox). */
  leading?: ReactNode;
  actions?: ReactNode;
}) {
  const titleId = useId();
  const day = formatCalendarDate(report.date);
  const title = showVolunteer ? `${report.volunteerName || 'Former member'}, ${day}` : day;
  return (
    <Card aria-labelledby={titleId} role="article" className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        {leading}
        <h3 id={titleId} className="min-w-0 flex-1 font-semibold break-words text-slate-900 dark:text-white">
          {title}
        </h3>
        <ReportStatusBadge status={waiting ? 'waiting' : report.status} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-medium">{hoursLine(report)}</span> · {reportCategoryLabels[report.category]}
        {report.taskTitle && <> · Task: {report.taskTitle}</>}
      </p>
      <p className="text-sm break-words whitespace-pre-line text-slate-800 dark:text-slate-200">
        {report.description}
      </p>
      {report.location && (
        <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
          <MapPin aria-hidden className="size-4 shrink-0" />
          <a
            className="underline"
            href={`https://www.openstreetmap.org/?mlat=${report.location.latitude}&mlon=${report.location.longitude}#map=17/${report.location.latitude}/${report.location.longitude}`}
            target="_blank"
            rel="noreferrer"
          >
            {report.location.latitude.toFixed(5)}, {report.location.longitude.toFixed(5)}
          </a>
          {report.location.accuracy != null && <span>(±{report.location.accuracy} m)</span>}
        </p>
      )}
      {report.status === 'declined' && report.declineReason && (
        <p className="text-sm text-red-800 dark:text-red-200">
          <span className="font-semibold">Declined:</span> {report.declineReason}
        </p>
      )}
      {attention && (
        <p className="text-sm text-red-800 dark:text-red-200">
          The server refused this report. Open the outbox (the cloud icon) to see why and fix it.
        </p>
      )}
      <ReportPhotosList
        reportId={report.id}
        photos={report.photos}
        local={local}
        uploading={uploading}
        showThumbnails={showThumbnails}
      />
      {actions}
    </Card>
  );
}
