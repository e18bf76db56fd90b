import type { SortOrder } from '@contract/content-common';
import type { DocumentKind, DocumentStatus, IssuedDocument } from '@contract/documents';
import { enumParam, searchParamsReader, textParam } from '@/lib/listing/search-params-reader';

/*
 * The certificates screen's URL: its filters (a filtered list is a shareable link), read by hand like
 * the other listings' params (no schema library on the route, ADR 0006). The values are
 * contract/documents.ts's, typed from it: a value import would put zod on the route.
 */

export const DOCUMENT_KINDS = ['certificate', 'letter'] as const satisfies readonly DocumentKind[];
export const DOCUMENT_STATUSES = ['valid', 'revoked'] as const satisfies readonly DocumentStatus[];

export const kindLabel: Record<DocumentKind, string> = {
  certificate: 'Volunteer certificate',
  letter: 'Reference letter',
};
export const statusLabel: Record<DocumentStatus, string> = { valid: 'Valid', revoked: 'Revoked' };

/** GET /api/documents's filters (contract documentListQuery) as the listing machinery holds them. */
export type DocumentFilter = {
  q?: string;
  kind?: DocumentKind;
  status?: DocumentStatus;
  /** The API answers newest first; there is no other order to choose. */
  sortBy?: 'issuedAt';
  sortOrder?: SortOrder;
};

export type DocumentsSearch = Pick<DocumentFilter, 'q' | 'kind' | 'status'>;

export const documentsSearch = searchParamsReader<DocumentsSearch>({
  // contract querySearch: at most 200 characters.
  q: textParam(200),
  kind: enumParam(DOCUMENT_KINDS),
  status: enumParam(DOCUMENT_STATUSES),
});

export const documentFilterOf = ({ q, kind, status }: DocumentsSearch): DocumentFilter => ({
  ...(q && { q }),
  ...(kind && { kind }),
  ...(status && { status }),
});

export const isFiltered = (filter: DocumentFilter) => Boolean(filter.q || filter.kind || filter.status);

const codeOf = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');

/**
 * The loaded documents the draft keeps while the server is asked (and, offline, what a saved list
 * shows), by the server's rule (server/routes/documents/documents.service.ts): a part of the
 * volunteer's name in any case, or of the code typed with or without its dash; kind and status exactly.
 */
export const documentMatcher = (filter: DocumentFilter) => {
  const q = filter.q?.trim().toLowerCase() ?? '';
  const code = codeOf(q);
  return (doc: IssuedDocument) =>
    (!q || doc.volunteerName.toLowerCase().includes(q) || (code !== '' && doc.code.includes(code))) &&
    (!filter.kind || doc.kind === filter.kind) &&
    (!filter.status || doc.status === filter.status);
};

/** The API's order: issued_at desc, id desc. */
export const compareDocuments = (sortOrder: SortOrder) => (a: IssuedDocument, b: IssuedDocument) => {
  const sign = sortOrder === 'asc' ? 1 : -1;
  if (a.issuedAt !== b.issuedAt) return sign * (a.issuedAt < b.issuedAt ? -1 : 1);
  return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
};
