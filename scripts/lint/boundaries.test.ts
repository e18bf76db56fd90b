import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundary and file-name rules must fail on a violation wherever ESLint is started from: the
 * zones once resolved against the process's folder, so ESLint run from src/ passed a cross-feature
 * import. Each probe is linted as if it were a file at the given path, with the project's config.
 */
const root = join(import.meta.dirname, '../..');
const checked = new Set(['import-x/no-restricted-paths', 'local/kebab-case-files']);

async function problems(cwd: string, filePath: string, code: string) {
  // No config path is given: ESLint finds eslint.config.js from the linted file, as it does for a
  // developer running it from any folder.
  const eslint = new ESLint({
    cwd,
    ruleFilter: ({ ruleId }) => checked.has(ruleId),
    // The probes are not files of a tsconfig; only the two rules above run, and they need no types.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  });
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/**
 * A real module of a folder: the rule judges only imports it can resolve, and the TypeScript resolver
 * maps `@/` only for files its tsconfig includes, so probes stand in for files that exist.
 */
function aFileIn(dir: string): string {
  const file = readdirSync(join(root, dir)).find((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
  if (!file) throw new Error(`no module in ${dir}`);
  return `${dir}/${file}`;
}
const aModuleOf = (feature: string) =>
  `@/${relative('src', aFileIn(`src/features/${feature}/components`)).replace(/\.tsx?$/, '')}`;

const fromDirs = [
  ['the project root', root],
  ['src/', join(root, 'src')],
  ['server/', join(root, 'server')],
] as const;

describe.each(fromDirs)('lint run from %s', (_name, cwd) => {
  it('refuses a feature importing another feature', async () => {
    expect(
      await problems(
        cwd,
        aFileIn('src/features/grants/components'),
        `export { x } from '${aModuleOf('blogs')}';\n`,
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it.each(['src/lib', 'src/components/ui', 'src/config'])(
    'refuses a module of %s importing a feature',
    async (dir) => {
      expect(await problems(cwd, aFileIn(dir), `export { x } from '${aModuleOf('grants')}';\n`)).toContain(
        'import-x/no-restricted-paths',
      );
    },
  );

  it('refuses the client importing the server, and the contract importing either side', async () => {
    expect(await problems(cwd, aFileIn('src/lib'), "export { x } from '../../server/env';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await problems(cwd, 'sw/sw.ts', "export { x } from '../src/lib/session';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await problems(cwd, 'contract/roles.ts', "export { x } from '../server/env';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('lets a route compose features and a feature import lib and the contract', async () => {
    expect(
      await problems(cwd, aFileIn('src/routes'), `export { x } from '${aModuleOf('grants')}';\n`),
    ).toEqual([]);
    expect(
      await problems(
        cwd,
        aFileIn('src/features/grants/components'),
        "export { a } from '@/lib/session';\nexport { b } from '@contract/roles';\n",
      ),
    ).toEqual([]);
  });

  it('refuses a file name that is not kebab-case, outside the router’s own files', async () => {
    expect(await problems(cwd, 'src/lib/grantFilters.ts', 'export const x = 1;\n')).toContain(
      'local/kebab-case-files',
    );
    expect(await problems(cwd, 'server/routes/Grants.routes.ts', 'export const x = 1;\n')).toContain(
      'local/kebab-case-files',
    );
    expect(await problems(cwd, 'src/lib/grant-filters.test.ts', 'export const x = 1;\n')).toEqual([]);
    expect(await problems(cwd, 'src/routes/grants/$grantId.tsx', 'export const x = 1;\n')).toEqual([]);
  });
});
