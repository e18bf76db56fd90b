import type { ViteManifest } from './precache-split.ts';

/**
 * The chunks `key` imports statically, directly or not, in the order the browser evaluates them
 * (depth first, each after its own imports, as ES modules are evaluated), without `key` itself, as
 * absolute paths. public/boot.js imports them one per task in this order, so the same code runs in
 * the same order, only not in one long task (ADR 0025).
 */
export function evaluationOrder(manifest: ViteManifest, key: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk || seen.has(at)) return;
    seen.add(at);
    for (const next of chunk.imports ?? []) visit(next);
    if (at !== key) order.push(`/${chunk.file}`);
  };
  visit(key);
  return order;
}
