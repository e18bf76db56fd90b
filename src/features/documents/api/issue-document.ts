import type { DocumentIssue, IssuedDocument } from '@contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedListingsKey } from '@/lib/listing/paged-query';

export interface IssueDocumentInput {
  body: DocumentIssue;
  /** One per document being issued (lib/idempotency.ts): a double tap issues one. */
  idempotencyKey: string;
}

/** POST /api/documents: the document as issued. Trusted, not parsed (a type-only import). */
export const issueDocument = ({ body, idempotencyKey }: IssueDocumentInput) =>
  api<IssuedDocument>('/documents', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

/** Issues one document; every list is asked again. Online only. */
export function useIssueDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueDocument,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagedListingsKey('documents') }),
  });
}
