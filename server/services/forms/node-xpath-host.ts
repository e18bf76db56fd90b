import { createRequire } from 'node:module';
import { ROOT } from '../../../contract/forms/engine/form-index';
import { jsdomXPathEvaluator } from '../../../contract/forms/engine/jsdom-xpath';
import {
  setDefaultXPathHost,
  type OpenRosaXPathFactory,
  type XmlDocument,
  type XPathHost,
} from '../../../contract/forms/engine/xpath-host';

/*
 * The form engine's host on Node (ADR 0036): jsdom's XPath, made global for openrosa-xpath-evaluator,
 * which reads `XPathEvaluator`, `XPathResult` and `Node` as globals (the last as soon as it is loaded,
 * hence the require after the globals). One jsdom window, made on first use: loading jsdom costs about
 * a fifth of a second, which a server that never checks a form should not pay at start.
 *
 * jsdom and the evaluator are required through createRequire: both are CommonJS, neither ships types.
 */

interface DocumentFactory {
  implementation: { createDocument(ns: null, name: string, doctype: null): XmlDocument };
}

interface JsdomWindow {
  XPathEvaluator: Parameters<typeof jsdomXPathEvaluator>[0];
  XPathResult: unknown;
  Node: unknown;
  document: DocumentFactory;
}

let host: XPathHost | undefined;

/** The process's host; the first call loads jsdom, installs the globals that are absent, and makes it the default host. */
export function nodeXPathHost(): XPathHost {
  if (host) return host;
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom') as { JSDOM: new (html: string) => { window: JsdomWindow } };
  const { window } = new JSDOM('');
  const globals = globalThis as Record<string, unknown>;
  globals.XPathEvaluator ??= jsdomXPathEvaluator(window.XPathEvaluator);
  globals.XPathResult ??= window.XPathResult;
  globals.Node ??= window.Node;
  // The evaluator tests `instanceof Node`: documents must come from the window whose Node is global.
  const documents =
    globals.Node === window.Node
      ? window.document
      : ((globals.document as DocumentFactory | undefined) ?? window.document);
  const openrosaXPath = require('openrosa-xpath-evaluator') as OpenRosaXPathFactory;
  host = {
    createDocument: () => documents.implementation.createDocument(null, ROOT, null),
    openrosaXPath,
  };
  setDefaultXPathHost(host);
  return host;
}
