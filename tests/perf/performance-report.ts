import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Puts one benchmark's section into docs/performance.md: between its `<!-- bench:NAME:start/end -->`
 * markers when present, else at the end. Each bench owns its section so they can run in any order.
 */
export function writePerformanceSection(name: string, section: string) {
  const file = 'docs/performance.md';
  const current = readFileSync(file, 'utf8');
  const markers = new RegExp(`<!-- bench:${name}:start -->[\\s\\S]*<!-- bench:${name}:end -->`);
  writeFileSync(
    file,
    markers.test(current) ? current.replace(markers, () => section) : `${current.trimEnd()}\n\n${section}\n`,
  );
}
