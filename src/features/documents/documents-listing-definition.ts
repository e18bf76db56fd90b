import type { IssuedDocument } from '@contract/documents';
import { defineListing } from '@/lib/listing/listing-definition';
import { compareDocuments, documentMatcher, type DocumentFilter } from './documents-filter';

/**
 * The NGO's issued documents (/volunteer/certificates) for the shared listing machinery: pages of
 * GET /api/documents, newest first, narrowed as the search is typed and answered offline from a saved
 * list. A volunteer's list is their own (the server forces it).
 */
export const documentsListing = defineListing<IssuedDocument, DocumentFilter>({
  resource: 'documents',
  path: '/documents',
  fields: ['q', 'kind', 'status'],
  defaultSort: { sortBy: 'issuedAt', sortOrder: 'desc' },
  pageSize: 25,
  matcher: documentMatcher,
  compare: ({ sortOrder }) => compareDocuments(sortOrder),
});
