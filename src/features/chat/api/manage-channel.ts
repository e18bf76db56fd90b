import type { Conversation, ConversationChange } from '@contract/chat';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatQueryKeys, conversationPath } from './query-keys';

/*
 * A channel's settings: PATCH (name, topic, archived), adding people, removing one (or leaving: the
 * caller's own id). All online only: the server checks names and who may do what.
 */

export const changeConversation = ({ id, change }: { id: string; change: ConversationChange }) =>
  api<Conversation>(conversationPath(id), { method: 'PATCH', body: change });

export const addMembers = ({ id, userIds }: { id: string; userIds: string[] }) =>
  api<Conversation>(`${conversationPath(id)}/members`, { method: 'POST', body: { userIds } });

export const removeMember = ({ id, userId }: { id: string; userId: string }) =>
  api<void>(`${conversationPath(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

/** Puts the server's copy of a conversation in the list at once; a refetch follows. */
function keep(queryClient: QueryClient, changed: Conversation) {
  queryClient.setQueryData<Conversation[]>(chatQueryKeys.conversations(), (old) =>
    old?.map((c) => (c.id === changed.id ? changed : c)),
  );
}

const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversations() }),
    queryClient.invalidateQueries({ queryKey: chatQueryKeys.browse() }),
  ]);

export function useChangeConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConversation,
    networkMode: 'always',
    onSuccess: (changed) => keep(queryClient, changed),
    onSettled: () => refresh(queryClient),
  });
}

export function useAddMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMembers,
    networkMode: 'always',
    onSuccess: (changed) => keep(queryClient, changed),
    onSettled: () => refresh(queryClient),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    networkMode: 'always',
    onSettled: () => refresh(queryClient),
  });
}
