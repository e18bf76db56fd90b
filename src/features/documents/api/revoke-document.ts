import type { DocumentRevoke, IssuedDocument } from '@contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedListingsKey, type PagedData } from '@/lib/listing/paged-query';

export interface RevokeDocumentInput {
  documentId: string;
  body: DocumentRevoke;
}

/** POST /api/documents/{id}/revoke: the revoked document (a second revoke answers it as is). */
export const revokeDocument = ({ documentId, body }: RevokeDocumentInput) =>
  api<IssuedDocument>(`/documents/${encodeURIComponent(documentId)}/revoke`, { method: 'POST', body });

/** Revokes a document: it shows revoked in every loaded list at once, then the lists are asked again. */
export function useRevokeDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDocument,
    networkMode: 'always',
    onSuccess: (revoked) =>
      queryClient.setQueriesData<PagedData<IssuedDocument>>(
        { queryKey: pagedListingsKey('documents') },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              items: page.items.map((d) => (d.id === revoked.id ? revoked : d)),
            })),
          },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagedListingsKey('documents') }),
  });
}
