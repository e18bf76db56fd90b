import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations of the page (or of `include`), one 'rule: targets' line
 * each; an empty list is a clean page. Every axe rule that runs by default runs (that set is the
 * wcag2a/aa, wcag21a/aa and best-practice rules without the experimental ones), on the whole page.
 *
 * Two options make a scan 2 to 4 times cheaper than AxeBuilder's default (numbers in
 * docs/performance.md, "End-to-end accessibility scans"):
 * - Legacy mode runs `axe.run` in the page, and in its same-origin frames. The default runs
 *   `axe.runPartial`, carries every node's partial result out to the test process, opens a new tab,
 *   injects axe's 600 KB there too and finishes the run in it: on the API reference (2,200 elements)
 *   that tripled the browser's work and cost the test process 2.5 s of CPU per scan. What it adds,
 *   scanning cross-origin frames, no scanned page needs: none frames another origin.
 * - `resultTypes: ['violations']` keeps one example node of each passing rule instead of all of them,
 *   which the reporter would otherwise describe (HTML snippet, selector) one by one.
 */
export async function seriousViolations(page: Page, options: { include?: string } = {}) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
