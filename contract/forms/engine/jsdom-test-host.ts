import { createRequire } from 'node:module';
import { browserXPathHost } from './browser-host';
import { jsdomXPathEvaluator } from './jsdom-xpath';
import type { XPathHost } from './xpath-host';

/*
 * Test support only (the engine never imports it): gives the engine's tests, which run on Node, a page's
 * globals from a jsdom window, then the browser host over them. The server's own host is tested in
 * server/services/forms.
 */

interface Window {
  XPathEvaluator: Parameters<typeof jsdomXPathEvaluator>[0];
  XPathResult: unknown;
  Node: unknown;
  document: unknown;
}

export function jsdomTestHost(): Promise<XPathHost> {
  const globals = globalThis as Record<string, unknown>;
  if (globals.XPathEvaluator === undefined) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
      JSDOM: new (html: string) => { window: Window };
    };
    const { window } = new JSDOM('');
    Object.assign(globals, {
      XPathEvaluator: jsdomXPathEvaluator(window.XPathEvaluator),
      XPathResult: window.XPathResult,
      Node: window.Node,
      document: window.document,
    });
  }
  return browserXPathHost();
}
