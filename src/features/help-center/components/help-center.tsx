import { Link } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { helpTopics } from '../help-articles';
import { countArticles, searchHelpTopics } from '../search-articles';
import { useHydrated } from '../use-hydrated';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100';

/**
 * The searchable FAQ. `query` is the address's `q`; every keystroke reports back through
 * `onQueryChange` so the route can keep the search in the URL and a search stays shareable.
 */
export function HelpCenter({ query, onQueryChange }: { query: string; onQueryChange: (q: string) => void }) {
  const inputId = useId();
  const hydrated = useHydrated();
  // What the user typed wins over the address, which catches up a moment later.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? (hydrated ? query : '');
  const topics = searchHelpTopics(helpTopics, text);
  const count = countArticles(topics);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 pt-8 pb-16 sm:pt-12">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Help Center</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Answers to the questions we hear most. Search, or browse by topic.
        </p>
      </header>

      <div role="search" className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Search the help center
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => {
              setTyped(event.target.value);
              onQueryChange(event.target.value);
            }}
            placeholder="e.g. reset password"
            autoComplete="off"
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
        </div>
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {count === 1 ? '1 article' : `${count} articles`}
        </p>
      </div>

      {count === 0 ? (
        <p className="rounded-xl border border-slate-200 px-4 py-6 text-center text-slate-800 dark:border-slate-800 dark:text-slate-200">
          No articles match "{text.trim()}".
        </p>
      ) : (
        topics.map((topic) => (
          <section key={topic.id} aria-labelledby={`topic-${topic.id}`} className="flex flex-col gap-3">
            <h2 id={`topic-${topic.id}`} className="text-xl font-bold">
              {topic.title}
            </h2>
            {topic.articles.map((article) => (
              <details
                key={article.id}
                id={article.id}
                className="group scroll-mt-28 rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900"
              >
                <summary className="cursor-pointer list-none font-semibold marker:hidden [&::-webkit-details-marker]:hidden">
                  <span aria-hidden className="mr-2 inline-block transition-transform group-open:rotate-90">
                    ›
                  </span>
                  {article.question}
                </summary>
                <div className="mt-2 flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-300">
                  {article.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </details>
            ))}
          </section>
        ))
      )}

      <p className="text-slate-700 dark:text-slate-300">
        Still stuck?{' '}
        <Link to="/contact" className={linkClass}>
          Contact us
        </Link>{' '}
        or read the{' '}
        <Link to="/documentation" className={linkClass}>
          documentation
        </Link>
        .
      </p>
    </div>
  );
}
