import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { createChatRealtime, type ChatRealtime, type ChatRealtimeOptions } from './chat-realtime';

// One per query client: the badge and the screen share one socket.
const instances = new WeakMap<QueryClient, ChatRealtime>();
let testOptions: Omit<ChatRealtimeOptions, 'queryClient'> | undefined;

export function chatRealtimeFor(queryClient: QueryClient): ChatRealtime {
  let realtime = instances.get(queryClient);
  if (!realtime) {
    realtime = createChatRealtime({ queryClient, ...testOptions });
    instances.set(queryClient, realtime);
  }
  return realtime;
}

/** Tests: the socket factory (a fake) the next instances use. */
export function setChatRealtimeOptionsForTests(
  options: Omit<ChatRealtimeOptions, 'queryClient'> | undefined,
) {
  testOptions = options;
}

/** Keeps the chat's socket open while the calling component is mounted. */
export function useChatRealtime(): ChatRealtime {
  const queryClient = useQueryClient();
  const realtime = chatRealtimeFor(queryClient);
  useEffect(() => realtime.acquire(), [realtime]);
  return realtime;
}

const NOBODY: string[] = [];

/** The names of those typing in a conversation now. */
export function useTypingNames(realtime: ChatRealtime, conversationId: string): string[] {
  return useSyncExternalStore(
    realtime.typing.subscribe,
    () => realtime.typing.names(conversationId),
    () => NOBODY,
  );
}
