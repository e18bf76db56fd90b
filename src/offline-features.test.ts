import { describe, expect, it } from 'vitest';
import { blogsQueryKeys, getBlogPagesQueryOptions } from '@/features/blogs/api/get-blogs';
import { causesQueryKeys } from '@/features/causes/api/query-keys';
import { getDashboardSummaryQueryOptions } from '@/features/dashboard/api/get-dashboard-summary';
import { getOpenApiDocumentQueryOptions } from '@/features/docs/api/get-openapi-document';
import { getGrantsQueryOptions, grantsQueryKeys } from '@/features/grants/api/get-grants';
import { billingQueryKeys } from '@/features/settings/api/get-subscription';
import { publicDefinitionQueryOptions } from '@/features/data-collection/api/get-public-definition';
import { formsQueryKeys } from '@/features/data-collection/api/query-keys';
import { composeOfflinePolicy } from '@/lib/offline-registration';
import { offlineFeatures } from './offline-features';

const policy = composeOfflinePolicy(offlineFeatures);

describe("the features' offline registrations", () => {
  it("persist the public listings (every page seen) and details and the user's key screens, nothing else", () => {
    const persisted = [
      getGrantsQueryOptions({}).queryKey,
      getGrantsQueryOptions({ country: 'Kenya' }).queryKey,
      grantsQueryKeys.detail('g1'),
      getBlogPagesQueryOptions({}, { baseURL: 'https://blogs.example/api' }).queryKey,
      blogsQueryKeys.list(),
      blogsQueryKeys.detail('b1'),
      getDashboardSummaryQueryOptions().queryKey,
      causesQueryKeys.lists(),
      causesQueryKeys.detail('c1'),
      billingQueryKeys.subscription(),
      billingQueryKeys.history(),
      getOpenApiDocumentQueryOptions().queryKey,
      publicDefinitionQueryOptions('f1').queryKey,
      formsQueryKeys.lists(),
      formsQueryKeys.detail('f1'),
    ];
    for (const key of persisted) expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(true);
    for (const key of [
      causesQueryKeys.public('c1'),
      ['auth', 'me'],
      ['dashboard', 'other'],
      ['payments', 'verify'],
    ])
      expect(policy.isPersistableKey(key), JSON.stringify(key)).toBe(false);
  });

  it('count a filtered listing among the few filtered lists kept, never the unfiltered one', () => {
    expect(policy.isFilteredList(getGrantsQueryOptions({ search: 'water' }).queryKey)).toBe(true);
    expect(policy.isFilteredList(getGrantsQueryOptions({ sortBy: 'title' }).queryKey)).toBe(false);
    expect(policy.isFilteredList(getBlogPagesQueryOptions({ category: 'Impact' }).queryKey)).toBe(true);
  });

  it("keep the grants', blogs' and published forms' worker caches at logout: their answers are public", () => {
    expect([...policy.sharedCaches].sort()).toEqual(['api-blogs', 'api-form-definitions', 'api-grants']);
  });
});
