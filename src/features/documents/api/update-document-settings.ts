import type { DocumentSettings, DocumentSettingsChange } from '@contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentsQueryKeys } from './query-keys';

/** PUT /api/documents/settings: the settings as saved (a 400 names `letterTemplate` for an unknown field). */
export const updateDocumentSettings = (body: DocumentSettingsChange) =>
  api<DocumentSettings>('/documents/settings', { method: 'PUT', body });

export function useUpdateDocumentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocumentSettings,
    networkMode: 'always',
    onSuccess: (saved) => queryClient.setQueryData(documentsQueryKeys.settings(), saved),
  });
}
