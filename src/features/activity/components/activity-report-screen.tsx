import { can } from '@contract/permissions';
import { useEffect } from 'react';
import { photoUploader } from '../photo-uploader';
import type { ActivityReportSearch } from '../activity-search';
import { MyReports } from './my-reports';
import { ReportFormCard } from './report-form-card';
import { StaffReports } from './staff-reports';

export interface ActivityReportScreenProps {
  search: ActivityReportSearch;
  onSearchChange: (patch: Partial<ActivityReportSearch>) => void;
  viewer: { id: string; role: string; name: string };
}

/**
 * /volunteer/activity-report. A volunteer writes a report (offline too) and follows their reports'
 * review; staff and readers see the organisation's reports. The server checks every request.
 */
export function ActivityReportScreen({ search, onSearchChange, viewer }: ActivityReportScreenProps) {
  const submits = can(viewer.role, 'activity:submit');
  // The photos of reports already written go whenever there is a connection.
  useEffect(() => {
    if (submits) photoUploader.start();
  }, [submits]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Activity Reports</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {submits
            ? 'Tell your organisation what you did. It is kept on your phone until it is sent, even offline.'
            : 'What your organisation’s volunteers reported, and where each report is in its review.'}
        </p>
      </header>
      {submits ? (
        <>
          <section aria-labelledby="new-report" className="flex flex-col gap-3">
            <h2 id="new-report" className="text-lg font-semibold">
              New report
            </h2>
            <ReportFormCard userId={viewer.id} />
          </section>
          <section aria-labelledby="your-reports" className="flex flex-col gap-3">
            <h2 id="your-reports" className="text-lg font-semibold">
              Your reports
            </h2>
            <MyReports viewer={viewer} />
          </section>
        </>
      ) : (
        <StaffReports
          search={search}
          onSearchChange={onSearchChange}
          canReview={can(viewer.role, 'activity:review')}
        />
      )}
    </div>
  );
}
