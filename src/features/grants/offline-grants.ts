import type { GrantSummary } from '@contract/grants';
import { grantMatcher } from '@contract/listing-match';
import type { QueryClient } from '@tanstack/react-query';
import { findSavedSuperset, type SavedList } from '@/lib/offline-listing';
import { grantsQueryKeys, normaliseGrantsFilters, type GrantsFilters } from './api/get-grants';
import { compareGrants } from './grants-order';

/**
 * The grants GET /api/grants would list for `filters`, worked out from a saved superset (offline,
 * when this exact list was never loaded): the server's matching rules, then its order.
 */
export function savedGrantsFor(
  queryClient: QueryClient,
  filters: GrantsFilters,
): SavedList<GrantSummary> | undefined {
  const wanted = normaliseGrantsFilters(filters);
  const saved = findSavedSuperset<GrantSummary>(
    queryClient,
    grantsQueryKeys.lists(),
    grantsQueryKeys.list(wanted),
  );
  if (!saved) return undefined;
  const items = saved.items.filter(grantMatcher(wanted)).sort(compareGrants(wanted.sortBy, wanted.sortOrder));
  return { items, savedAt: saved.savedAt };
}
