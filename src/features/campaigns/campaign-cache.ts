import type { Campaign, CampaignReport } from '@contract/campaigns';
import type { QueryClient } from '@tanstack/react-query';
import type { PagedData } from '@/lib/listing/paged-query';
import { campaignsQueryKeys } from './api/query-keys';

/** A report as the list holds it: without the body and the per-channel figures. */
export function summaryOf(report: CampaignReport): Campaign {
  const { body: _body, byChannel: _byChannel, opened: _opened, ratePerSecond: _rate, ...campaign } = report;
  return campaign;
}

/**
 * A report the server answered (a create, a retry, a cancel) replaces the copies shown: the open
 * report, and the campaign in every list page loaded, so the list is right before it is asked again.
 */
export function putReport(queryClient: QueryClient, report: CampaignReport) {
  queryClient.setQueryData(campaignsQueryKeys.detail(report.id), report);
  const summary = summaryOf(report);
  queryClient.setQueriesData<PagedData<Campaign>>({ queryKey: campaignsQueryKeys.lists() }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            items: page.items.map((c) => (c.id === report.id ? summary : c)),
          })),
        }
      : old,
  );
}
