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
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Each file builds its own database; argon2 hashing is CPU-bound, so keep the pool small.
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
