import type { ActivityReport, ActivityReview } from '@contract/activity-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityQueryKeys } from './query-keys';

/** POST /api/activity-reports/review: approve or decline many pending reports, all or nothing. */
export const reviewReports = (body: ActivityReview) =>
  api<{ reviewed: ActivityReport[] }>('/activity-reports/review', { method: 'POST', body });

/**
 * A staff write: online only (networkMode 'always', never paused); a review is judged on what the
 * reviewer sees, so it is not kept for later. The lists and totals are asked again whatever the answer
 * (a 409 means someone else reviewed first: the queue must show that).
 */
export function useReviewReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewReports,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityQueryKeys.all }),
  });
}
