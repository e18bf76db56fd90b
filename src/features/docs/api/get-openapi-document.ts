import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isOpenApiDocument, type OpenApiDocument } from '../openapi';

export async function getOpenApiDocument(): Promise<OpenApiDocument> {
  const body = await api<unknown>('/openapi.json');
  if (!isOpenApiDocument(body)) throw new Error('The server did not answer with an OpenAPI document.');
  return body;
}

export const getOpenApiDocumentQueryOptions = () =>
  queryOptions({
    queryKey: ['docs', 'openapi'],
    queryFn: getOpenApiDocument,
    // The document changes only with a deploy.
    staleTime: 60 * 60 * 1000,
  });

export function useOpenApiDocument() {
  return useQuery(getOpenApiDocumentQueryOptions());
}
