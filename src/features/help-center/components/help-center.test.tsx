import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render-with-router';
import { helpTopics } from '../help-articles';
import { countArticles } from '../search-articles';
import { HelpCenter } from './help-center';

afterEach(() => {
  vi.restoreAllMocks();
});

const total = countArticles(helpTopics);

/** Stands in for the route, which keeps the query in the address. */
function Harness({ initial = '', onQueryChange }: { initial?: string; onQueryChange?: (q: string) => void }) {
  const [query, setQuery] = useState(initial);
  return (
    <HelpCenter
      query={query}
      onQueryChange={(q) => {
        setQuery(q);
        onQueryChange?.(q);
      }}
    />
  );
}

describe('HelpCenter', () => {
  it('lists every article by topic, each a native disclosure', async () => {
    const { user: u } = await renderWithRouter(<Harness />, { path: '/help-center' });
    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`${total} articles`);
    for (const topic of helpTopics)
      expect(screen.getByRole('heading', { level: 2, name: topic.title })).toBeInTheDocument();

    const question = screen.getByText('I forgot my password. How do I reset it?');
    const details = question.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    // <details>/<summary> is keyboard-operable natively; the e2e spec presses Enter in Chromium.
    await u.click(question);
    expect(details).toHaveAttribute('open');
  });

  it('filters questions and answers as you type and reports the query', async () => {
    const onQueryChange = vi.fn();
    const { user: u } = await renderWithRouter(<Harness onQueryChange={onQueryChange} />, {
      path: '/help-center',
    });
    const search = screen.getByLabelText('Search the help center');

    await u.type(search, 'Mobile MONEY');
    expect(screen.getByText('How can donors pay?')).toBeInTheDocument();
    expect(screen.queryByText('I forgot my password. How do I reset it?')).not.toBeInTheDocument();
    const count = Number(/^(\d+) articles?$/.exec(screen.getByRole('status').textContent ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(total);
    expect(onQueryChange).toHaveBeenLastCalledWith('Mobile MONEY');

    await u.clear(search);
    await u.type(search, 'password reset');
    expect(screen.getByRole('status')).toHaveTextContent('1 article');
    const results = screen.getAllByRole('group');
    expect(results).toHaveLength(1);
    expect(within(results[0]!).getByText('I forgot my password. How do I reset it?')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const { user: u } = await renderWithRouter(<Harness />, { path: '/help-center' });
    await u.type(screen.getByLabelText('Search the help center'), 'password zebra');
    expect(screen.getByRole('status')).toHaveTextContent('0 articles');
    expect(screen.getByText('No articles match "password zebra".')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('starts from the query in the address', async () => {
    await renderWithRouter(<Harness initial="verification" />, { path: '/help-center?q=verification' });
    expect(screen.getByLabelText('Search the help center')).toHaveValue('verification');
    expect(screen.getByText('I did not receive the verification email. What can I do?')).toBeInTheDocument();
    expect(screen.queryByText('How can donors pay?')).not.toBeInTheDocument();
  });
});
