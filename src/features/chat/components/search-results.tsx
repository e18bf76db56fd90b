import { Skeleton } from '@/components/ui/skeleton';
import { useSearchMessages } from '../api/search-messages';
import { highlightParts } from '../message-tokens';
import { ChatError } from './chat-error';
import { timeOf } from './message-item';

/** The messages with the searched words, each word marked (« » from the server, as <mark>, never HTML). */
export function SearchResults({ q, onOpen }: { q: string; onOpen: (conversationId: string) => void }) {
  const search = useSearchMessages(q);
  if (search.isPending)
    return (
      <div role="status" aria-label="Searching" className="flex flex-col gap-2 p-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  if (search.isError)
    return (
      <ChatError
        error={search.error}
        fallback="The search failed."
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  if (search.data.length === 0)
    return <p className="p-3 text-sm text-slate-600 dark:text-slate-400">No messages match “{q}”.</p>;
  return (
    <ul aria-label={`Messages matching ${q}`} className="flex flex-col gap-1">
      {search.data.map((hit) => (
        <li key={hit.message.id}>
          <button
            type="button"
            onClick={() => onOpen(hit.message.conversationId)}
            className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
          >
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {hit.conversationName} · {hit.message.authorName} · {timeOf(hit.message.createdAt)}
            </span>
            <span className="block break-words">
              {highlightParts(hit.highlighted).map((part, i) =>
                part.marked ? (
                  <mark
                    key={i}
                    className="rounded bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-600 dark:text-white"
                  >
                    {part.text}
                  </mark>
                ) : (
                  <span key={i}>{part.text}</span>
                ),
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
