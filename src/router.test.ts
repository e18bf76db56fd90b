import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

const { parseSearch, stringifySearch } = createAppRouter(
  new QueryClient(),
  createMemoryHistory({ initialEntries: ['/'] }),
).options;

describe('query strings', () => {
  it("keep the provider's numeric transaction id as written, never quoted", () => {
    // Numbers arrive as numbers (the router's decoding); the route's validator makes them text.
    const search = parseSearch('?status=successful&tx_ref=SUB-x&transaction_id=12345');
    expect(search).toEqual({ status: 'successful', tx_ref: 'SUB-x', transaction_id: 12345 });
    expect(stringifySearch({ transaction_id: '12345', tx_ref: 'SUB-x' })).toBe(
      '?transaction_id=12345&tx_ref=SUB-x',
    );
  });

  it('still read JSON objects and arrays, and write true as true', () => {
    expect(parseSearch('?q=water&list=%5B1%2C2%5D')).toEqual({ q: 'water', list: [1, 2] });
    expect(stringifySearch({ donation_success: true })).toBe('?donation_success=true');
    expect(stringifySearch({ redirect: '/settings?tab=profile' })).toBe(
      '?redirect=%2Fsettings%3Ftab%3Dprofile',
    );
  });
});
