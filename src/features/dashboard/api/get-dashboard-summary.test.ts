import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { createTestQueryClient } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { makeDashboardSummary } from '../dashboard-summary.fixture';
import { getDashboardSummary, getDashboardSummaryQueryOptions } from './get-dashboard-summary';

describe('getDashboardSummary', () => {
  it('GETs /api/dashboard/summary with the bearer token', async () => {
    signInAs({ id: '01USER', role: 'STAFF' });
    const summary = makeDashboardSummary();
    const { requests } = stubFetch(() => jsonResponse(summary));

    await expect(getDashboardSummary()).resolves.toEqual(summary);

    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toMatch(/\/api\/dashboard\/summary$/);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it("caches under ['dashboard', 'summary']", async () => {
    const summary = makeDashboardSummary();
    stubFetch(() => jsonResponse(summary));
    const queryClient = createTestQueryClient();
    const options = getDashboardSummaryQueryOptions();

    expect(options.queryKey).toEqual(['dashboard', 'summary']);
    await queryClient.prefetchQuery(options);
    expect(queryClient.getQueryData(['dashboard', 'summary'])).toEqual(summary);
  });
});
