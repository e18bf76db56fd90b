import { describe, expect, it } from 'vitest';
import { evaluationOrder } from './evaluation-order';
import type { ViteManifest } from './precache-split';

describe('evaluationOrder', () => {
  it('lists static imports depth first, each after its own imports, once, without the entry or lazy chunks', () => {
    const manifest: ViteManifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_zod-config', '_router', '_react-dom'],
        dynamicImports: ['_lazy'],
      },
      '_zod-config': { file: 'assets/zod-config.js' },
      _router: { file: 'assets/router.js', imports: ['_react'] },
      '_react-dom': { file: 'assets/react-dom.js', imports: ['_react'] },
      _react: { file: 'assets/react.js' },
      _lazy: { file: 'assets/lazy.js', imports: ['_react'] },
    };
    expect(evaluationOrder(manifest, 'index.html')).toEqual([
      '/assets/zod-config.js',
      '/assets/react.js',
      '/assets/router.js',
      '/assets/react-dom.js',
    ]);
  });
});
