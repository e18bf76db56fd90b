/**
 * The forms' query keys ([root, kind, …], the shape offline.ts persists by kind): the list of the
 * NGO's forms and each form's detail (its draft definition).
 */
export const formsQueryKeys = {
  all: ['forms'] as const,
  lists: () => [...formsQueryKeys.all, 'list'] as const,
  detail: (formId: string) => [...formsQueryKeys.all, 'detail', formId] as const,
};
