/**
 * The causes' query keys, in a module of their own: the cause embed needs them without the zod
 * schemas the portal's cause queries parse with (ADR 0017).
 */
export const causesQueryKeys = {
  all: ['causes'] as const,
  lists: () => [...causesQueryKeys.all, 'list'] as const,
  detail: (id: string) => [...causesQueryKeys.all, 'detail', id] as const,
  public: (id: string) => [...causesQueryKeys.all, 'public', id] as const,
};
