import type { DocumentVerification } from '@contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentsQueryKeys } from './query-keys';

/**
 * GET /api/documents/verify/{code} (public, no token needed): what the verification page shows, or
 * 404 for a code never issued. `code` is normalized (contract normalizeCode). Trusted, not parsed.
 */
export const verificationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: documentsQueryKeys.verification(code),
    queryFn: ({ signal }) =>
      api<DocumentVerification>(`/documents/verify/${encodeURIComponent(code)}`, {
        signal,
        // Per-request hooks replace the client's: the check is asked without the visitor's token (a
        // document is genuine or not for anyone), and no answer here may sign a portal user out and
        // send them to /signin (the client's 401 rule) while they check a paper.
        onRequest: () => undefined,
        onResponseError: () => undefined,
      }),
    // A revocation may come at any time; a reload asks again, a re-render does not.
    staleTime: 60_000,
  });

export const useVerification = (code: string, enabled: boolean) =>
  useQuery({ ...verificationQueryOptions(code), enabled });
