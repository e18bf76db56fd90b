import { createGrantBody, grantDetail, type GrantDetail } from '@contract/grants';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { grantsQueryKeys } from './get-grants';

/** The server validates POST /api/grants with the same schema, so both give the same messages. */
export const createGrantInputSchema = createGrantBody;
export type CreateGrantFormValues = z.input<typeof createGrantInputSchema>;
export type CreateGrantInput = z.output<typeof createGrantInputSchema>;

export const createGrantMutationKey = ['grants', 'create'] as const;

export async function createGrant(input: CreateGrantInput): Promise<GrantDetail> {
  return grantDetail.parse(await api<unknown>('/grants', { method: 'POST', body: input }));
}

export const createGrantMutationOptions = () =>
  mutationOptions({
    mutationKey: createGrantMutationKey,
    mutationFn: createGrant,
    // The admin waits on the form to be taken to the new grant; offline they get the error at once
    // and keep what they typed, instead of a grant queued behind a page that already moved on.
    networkMode: 'always',
  });

export function useCreateGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createGrantMutationOptions(),
    onSuccess: (grant) => {
      // The new page opens from the cache; every list refetches to include the grant.
      queryClient.setQueryData(grantsQueryKeys.detail(grant.id), grant);
      void queryClient.invalidateQueries({ queryKey: grantsQueryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: grantsQueryKeys.pages() });
    },
  });
}
