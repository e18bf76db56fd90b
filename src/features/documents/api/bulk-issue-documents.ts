import type { DocumentBulkIssue, DocumentBulkResult } from '@contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedListingsKey } from '@/lib/listing/paged-query';

/**
 * POST /api/documents/bulk: a document for every active volunteer with enough approved hours in the
 * period, in one transaction (volunteers who already hold one for that period are not issued another,
 * so sending it again issues nothing twice).
 */
export const bulkIssueDocuments = (body: DocumentBulkIssue) =>
  api<DocumentBulkResult>('/documents/bulk', { method: 'POST', body });

export function useBulkIssueDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkIssueDocuments,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagedListingsKey('documents') }),
  });
}
