import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { markPortalEntries } from './scripts/precache-split.ts';
import { precompressAssets } from './scripts/precompress.ts';
import { prerenderPublicPages } from './scripts/prerender.ts';

const apiPort = process.env.API_PORT ?? '3001';
// Identifies this build: the persisted query cache is busted by it (a new build never reads old data shapes).
const appVersion =
  process.env.APP_VERSION ?? `${process.env.npm_package_version ?? '0.0.0'}+${Date.now().toString(36)}`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    tailwindcss(),
    // Brotli beside each hashed script and style, sent instead of a per-request gzip (ADR 0040).
    !isSsrBuild && precompressAssets(),
    // The prerender's own server build needs no service worker.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        injectRegister: false,
        registerType: 'prompt',
        manifest: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
          // The server's render bundle and request-time templates (ADR 0028) are not the page's.
          globIgnores: ['ssr/**', '**/node_modules/**'],
          // The portal's own files are cached when a signed-in user opens it, not at install (ADR 0015).
          manifestTransforms: [async (entries) => markPortalEntries(entries)],
        },
        devOptions: { enabled: false },
        integration: {
          // Public pages become static HTML before the worker's precache list is made.
          beforeBuildServiceWorker: (options) =>
            prerenderPublicPages(options.injectManifest.globDirectory ?? 'dist'),
        },
      }),
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      // Only openrosa-xpath-evaluator's digest() needs it; see the stub.
      'node-forge': fileURLToPath(new URL('./src/lib/stubs/node-forge.ts', import.meta.url)),
    },
  },
  server: {
    // ws: the team chat socket (/api/realtime, ADR 0046) is an upgrade the proxy must forward too.
    proxy: { '^/api/': { target: `http://localhost:${apiPort}`, ws: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The prerender reads which chunk is the landing page's own entry (ADR 0007) from the manifest.
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            landing: fileURLToPath(new URL('./src/landing.tsx', import.meta.url)),
            // The framed cause card's own light page (ADR 0017).
            'cause-embed': fileURLToPath(new URL('./cause-embed.html', import.meta.url)),
            // The public fill page's own light page (ADR 0039).
            fill: fileURLToPath(new URL('./fill.html', import.meta.url)),
          },
        },
  },
}));
