import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

/*
 * Client files that need a process of their own rather than a VM context: the prerender tests stub
 * `window` away (a VM context's is not configurable), and the builder's preview runs the form engine's
 * XPath, which fails across the VM's realm. A new file that passes alone but fails in the VM pool
 * belongs here.
 */
const inOwnProcess = [
  'src/**/*.ssr.test.tsx',
  'src/landing-islands.test.tsx',
  'src/features/data-collection/components/builder/form-builder.test.tsx',
];

/*
 * Server files that need modules of their own: they mock a module (vi.mock) or install globals the
 * form engine's other tests must not see. A new server file that passes alone but fails in the full
 * run (or passes only after others) belongs here.
 */
const ownModules = ['server/http/app-url.test.ts', 'server/services/forms/node-xpath-host.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where the
    // suite then ran serially for 6 minutes. Two workers keep both cores busy (npm test's budget).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: inOwnProcess,
          setupFiles: ['./src/testing/setup.ts'],
          // Each file still gets a fresh window and module graph, in a VM context of a worker that
          // loaded jsdom once: 6 minutes → under 2 on two cores (jsdom's import per file was most of it).
          pool: 'vmThreads',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'client-forks',
          environment: 'jsdom',
          include: inOwnProcess,
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: ownModules,
          // Each file builds its own database (from the run's migrated snapshot) and app, but the
          // files of one worker share their imports: the app's module graph took ~1 s a file to load.
          // Files that mock a module or install globals keep modules of their own (below).
          pool: 'forks',
          isolate: false,
          globalSetup: ['./server/testing/database-snapshot.global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: [...ownModules, 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          pool: 'forks',
          globalSetup: ['./server/testing/database-snapshot.global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
