import { createFileRoute } from '@tanstack/react-router';
import { conversationsQueryOptions } from '@/features/chat/api/get-conversations';
import { historyQueryOptions } from '@/features/chat/api/get-messages';
import { chatSearch } from '@/features/chat/chat-search';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { displayName, getStoredUser } from '@/lib/session';

export const Route = createFileRoute('/_portal/team-chat')({
  validateSearch: (search: Record<string, unknown>) => chatSearch.parse(search),
  loaderDeps: ({ search }) => ({ conversationId: search.c }),
  // Warm, never wait: the screen shows its skeletons (or what this device kept, offline).
  loader: ({ context, deps }) => {
    const { queryClient } = context;
    const ignore = () => undefined;
    void queryClient.query(conversationsQueryOptions()).catch(ignore);
    if (deps.conversationId) void queryClient.query(historyQueryOptions(deps.conversationId)).catch(ignore);
  },
  component: TeamChatPage,
});

function TeamChatPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = getStoredUser();
  return (
    <ChatScreen
      conversationId={search.c}
      onOpenConversation={(c) => void navigate({ search: c ? { c } : {}, resetScroll: false })}
      viewer={{ id: user?.id ?? '', name: displayName(user) }}
    />
  );
}
