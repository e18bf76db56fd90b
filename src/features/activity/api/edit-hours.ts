import type { ActivityHoursEdit, ActivityReport } from '@contract/activity-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityQueryKeys } from './query-keys';

export interface EditHoursInput {
  reportId: string;
  body: ActivityHoursEdit;
}

/** PATCH /api/activity-reports/{id}/hours: a reviewer corrects the counted minutes, saying why. */
export const editHours = ({ reportId, body }: EditHoursInput) =>
  api<ActivityReport>(`/activity-reports/${encodeURIComponent(reportId)}/hours`, { method: 'PATCH', body });

/** Online only, like every staff write; the lists, totals and the report's history change. */
export function useEditHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editHours,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityQueryKeys.all }),
  });
}
