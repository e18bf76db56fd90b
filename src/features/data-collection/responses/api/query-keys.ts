import type { ResponsesFilter } from '../responses-filter';

/**
 * The responses screen's query keys ([root, kind, …], the shape offline.ts persists by kind). A list
 * and a summary carry their filter third, so the persister keeps every form's unfiltered one and the
 * newest few filtered ones; the form's id follows.
 */
export const responsesQueryKeys = {
  all: ['form-responses'] as const,
  pages: (formId: string, filter: ResponsesFilter) => ['form-responses', 'pages', filter, formId] as const,
  /** Every list and summary of every form: for invalidating after a write. */
  kind: (kind: 'pages' | 'summary' | 'detail' | 'history') => ['form-responses', kind] as const,
  detail: (formId: string, responseId: string) => ['form-responses', 'detail', formId, responseId] as const,
  history: (formId: string, responseId: string) => ['form-responses', 'history', formId, responseId] as const,
  summary: (formId: string, filter: ResponsesFilter) =>
    ['form-responses', 'summary', filter, formId] as const,
};
