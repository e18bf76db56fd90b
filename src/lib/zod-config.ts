import type { z } from 'zod';

/*
 * Zod 4 compiles object parsers with `new Function`, and first probes whether it may when the first
 * object schema is built. Our CSP has no 'unsafe-eval': the probe is blocked and reported as a
 * `securitypolicyviolation` on every page that builds a schema, although zod catches the error and
 * parses without compiling. JIT-less mode (`z.config({ jitless: true })`) never probes.
 *
 * `z.config()` writes to one object kept on `globalThis.__zod_globalConfig`, and zod adopts that
 * object if it is there before zod loads (so says zod/v4/core/core.ts, "pre-populating it before Zod
 * loads"). Setting it here configures zod without loading it: the landing page stays free of zod
 * until a form needs it (ADR 0006), and importing zod here would add 3.7 KB gzip to its first load.
 * Each client entry that may load zod imports this module first; tests/e2e/csp.spec.ts checks pages.
 */
type ZodConfig = NonNullable<Parameters<typeof z.config>[0]>;
const scope = globalThis as { __zod_globalConfig?: ZodConfig };
Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true } satisfies ZodConfig);
