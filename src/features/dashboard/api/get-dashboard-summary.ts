import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DashboardSummary } from '../types';

export function getDashboardSummary({ signal }: { signal?: AbortSignal } = {}) {
  return api<DashboardSummary>('/dashboard/summary', { signal });
}

export const getDashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'summary'] as const,
    queryFn: ({ signal }) => getDashboardSummary({ signal }),
  });

export const useDashboardSummary = () => useQuery(getDashboardSummaryQueryOptions());
