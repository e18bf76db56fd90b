import { within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { HelpCenter } from './help-center';

it('prerenders every article and applies a search from the address once hydrated', async () => {
  const { html, container } = await prerenderAndHydrate(
    <HelpCenter query="forgot password" onQueryChange={() => {}} />,
    '/help-center',
  );
  expect(html).toContain('22 articles');
  expect(within(container).getByRole('status')).toHaveTextContent('1 article');
  expect(within(container).getByLabelText('Search the help center')).toHaveValue('forgot password');
});
