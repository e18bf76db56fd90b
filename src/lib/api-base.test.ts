import { describe, expect, it, vi } from 'vitest';
import { resolveApiBase } from './api-base';

const rewrite = { plainHost: 'api.ngoportal.example', ngoHost: 'ngo.api.ngoportal.example' };

describe('start-up host rewrite', () => {
  it('moves a base on the plain backend host to the NGO host and warns', () => {
    const warn = vi.fn();
    expect(resolveApiBase('https://api.ngoportal.example/api', rewrite, warn)).toBe(
      'https://ngo.api.ngoportal.example/api',
    );
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain('ngo.api.ngoportal.example');
  });

  it('keeps any other host, and the same-origin default, without a warning', () => {
    const warn = vi.fn();
    expect(resolveApiBase('https://other.example/api', rewrite, warn)).toBe('https://other.example/api');
    expect(resolveApiBase('/api', rewrite, warn)).toBe('/api');
    expect(resolveApiBase('https://api.ngoportal.example/api', {}, warn)).toBe(
      'https://api.ngoportal.example/api',
    );
    expect(warn).not.toHaveBeenCalled();
  });
});
