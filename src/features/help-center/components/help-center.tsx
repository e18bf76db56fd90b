import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SearchField } from '@/components/ui/search-field';
import { helpTopics } from '../help-articles';
import { countArticles, searchHelpTopics } from '../search-articles';
import { useHydrated } from '@/lib/use-hydrated';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100';

/**
 * The searchable FAQ. `query` is the address's `q`; every keystroke reports back through
 * `onQueryChange` so the route can keep the search in the URL and a search stays shareable.
 */
export function HelpCenter({ query, onQueryChange }: { query: string; onQueryChange: (q: string) => void }) {
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
        <SearchField
          label="Search the help center"
          value={text}
          onChange={(event) => {
            setTyped(event.target.value);
            onQueryChange(event.target.value);
          }}
          placeholder="e.g. reset password"
        />
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
