import type { DocumentSettings } from '@contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentsQueryKeys } from './query-keys';

/** GET /api/documents/settings: the letter template, the default signer, the logo. Trusted, not parsed. */
export const documentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: documentsQueryKeys.settings(),
    queryFn: ({ signal }) => api<DocumentSettings>('/documents/settings', { signal }),
    staleTime: 60_000,
  });

export const useDocumentSettings = (enabled = true) =>
  useQuery({ ...documentSettingsQueryOptions(), enabled });
