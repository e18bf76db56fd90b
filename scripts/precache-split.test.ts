import { describe, expect, it } from 'vitest';
import { markPortalEntries, portalOnlyFiles, rememberPortalFiles, type ViteManifest } from './precache-split';

// The shape of Vite's build manifest for a public entry, a public route, a portal route and the
// chunks they share (keys as Vite writes them: source paths, or `_name.js` for shared chunks).
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b2.js'],
    dynamicImports: [
      'src/routes/pricing.tsx?tsr-split=component',
      'src/routes/_portal/settings.tsx?tsr-split=component',
    ],
    css: ['assets/index-c3.css'],
  },
  'src/landing.tsx': {
    file: 'assets/landing-d4.js',
    src: 'src/landing.tsx',
    isEntry: true,
    imports: ['_react-b2.js'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_forms-e5.js': { file: 'assets/forms-e5.js' },
  '_charts-f6.js': { file: 'assets/charts-f6.js', css: ['assets/charts-f6.css'] },
  'src/routes/pricing.tsx?tsr-split=component': {
    file: 'assets/pricing-g7.js',
    src: 'src/routes/pricing.tsx?tsr-split=component',
    imports: ['_forms-e5.js'],
  },
  'src/routes/_portal/settings.tsx?tsr-split=component': {
    file: 'assets/settings-h8.js',
    src: 'src/routes/_portal/settings.tsx?tsr-split=component',
    imports: ['_forms-e5.js', '_charts-f6.js'],
    dynamicImports: ['src/features/settings/export.ts'],
  },
  'src/features/settings/export.ts': { file: 'assets/export-i9.js', src: 'src/features/settings/export.ts' },
};

describe('portalOnlyFiles', () => {
  it('leaves out what public pages load, shared chunks included, and lists what only the portal loads', () => {
    expect([...portalOnlyFiles(manifest)].sort()).toEqual([
      'assets/charts-f6.css',
      'assets/charts-f6.js',
      'assets/export-i9.js',
      'assets/settings-h8.js',
    ]);
  });

  it('keeps a portal chunk public once a public page reaches it too', () => {
    const withPublicCharts: ViteManifest = {
      ...manifest,
      'src/routes/pricing.tsx?tsr-split=component': {
        ...manifest['src/routes/pricing.tsx?tsr-split=component']!,
        dynamicImports: ['_charts-f6.js'],
      },
    };
    expect([...portalOnlyFiles(withPublicCharts)].sort()).toEqual([
      'assets/export-i9.js',
      'assets/settings-h8.js',
    ]);
  });
});

describe('markPortalEntries', () => {
  it("marks the worker's precache entries of portal files, whatever their leading slash", () => {
    rememberPortalFiles(portalOnlyFiles(manifest));
    const { manifest: entries } = markPortalEntries([
      { url: 'assets/settings-h8.js', revision: null },
      { url: '/assets/charts-f6.js', revision: null },
      { url: 'assets/pricing-g7.js', revision: null },
      { url: 'index.html', revision: 'abc' },
    ]);
    expect(entries.map((e) => [e.url, e.portal ?? false])).toEqual([
      ['assets/settings-h8.js', true],
      ['/assets/charts-f6.js', true],
      ['assets/pricing-g7.js', false],
      ['index.html', false],
    ]);
  });
});
