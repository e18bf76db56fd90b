import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { kebabCaseFiles } from './scripts/lint/kebab-case-files.js';

// Every path below is taken from this file's own folder, never the process's: ESLint run from
// src/ (an editor, a pre-commit hook) must apply the same boundaries as `npm run lint`.
const root = import.meta.dirname;

// Features never import one another: routes compose them (house rule 4).
const features = (() => {
  try {
    return readdirSync(join(root, 'src/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features must not import other features; compose them in a route, share types via src/types.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          tsconfig: { configFile: join(root, 'tsconfig.app.json') },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...featureZones,
            ...['./src/components', './src/lib', './src/config'].map((target) => ({
              target,
              from: './src/features',
              message: 'Shared client code must not import a feature; move what both need out of features/.',
            })),
            {
              target: ['./src', './sw'],
              from: './server',
              message: 'The client never imports the server; what both sides share lives in contract/.',
            },
            {
              target: ['./server', './sw'],
              from: './src',
              message: 'The server and the service worker never import the app; share through contract/.',
            },
            {
              target: './contract',
              from: ['./src', './server', './sw'],
              message: 'The contract is the shared floor: it imports nothing of src/, server/ or sw/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['{src,server,sw,contract,scripts,tests}/**/*.{ts,tsx,js,mjs}'],
    ignores: ['src/routes/**', 'src/routeTree.gen.ts'],
    plugins: { local: { rules: { 'kebab-case-files': kebabCaseFiles } } },
    rules: { 'local/kebab-case-files': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'tests/**/*.ts', '*.config.{js,ts}', '.ci/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
