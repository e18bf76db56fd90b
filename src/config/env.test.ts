import { describe, expect, it } from 'vitest';
import { parseClientEnv } from './env';

describe('parseClientEnv: VITE_BLOGS_API_BASE_URL (SPEC §7, the public blogs page)', () => {
  it('defaults to the API base', () => {
    expect(parseClientEnv({}).VITE_BLOGS_API_BASE_URL).toBe('/api');
    expect(
      parseClientEnv({ VITE_API_BASE_URL: 'https://api.example.org/api', VITE_BLOGS_API_BASE_URL: '' })
        .VITE_BLOGS_API_BASE_URL,
    ).toBe('https://api.example.org/api');
  });

  it('takes a fixed address of its own', () => {
    expect(
      parseClientEnv({ VITE_BLOGS_API_BASE_URL: 'https://blogs.example.org/api' }).VITE_BLOGS_API_BASE_URL,
    ).toBe('https://blogs.example.org/api');
  });

  it('fails fast, naming the variable, on a value that is not text', () => {
    expect(() => parseClientEnv({ VITE_BLOGS_API_BASE_URL: 42 })).toThrow(/VITE_BLOGS_API_BASE_URL/);
  });
});
