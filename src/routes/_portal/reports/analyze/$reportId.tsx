import { createFileRoute, redirect } from '@tanstack/react-router';

// SPEC §2: the old analysis address moves to /report-analysis/{reportId}.
export const Route = createFileRoute('/_portal/reports/analyze/$reportId')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/report-analysis/$reportId',
      params: { reportId: params.reportId },
      replace: true,
    });
  },
});
