import { ROOT } from './form-index';
import { setDefaultXPathHost, type XmlDocument, type XPathHost } from './xpath-host';

interface DomWithDocument {
  document: { implementation: { createDocument(ns: null, name: string, doctype: null): XmlDocument } };
}

let loading: Promise<XPathHost> | undefined;

/**
 * The host over the page's own DOM and XPath. The evaluator is imported here, on first call, so that
 * merely importing this module never loads it (on Node it needs the globals first). Also becomes the
 * default host of checkExpression and checkDefinition.
 */
export function browserXPathHost(): Promise<XPathHost> {
  loading ??= import('openrosa-xpath-evaluator').then(({ default: openrosaXPath }) => {
    const { document } = globalThis as unknown as DomWithDocument;
    const host: XPathHost = {
      createDocument: () => document.implementation.createDocument(null, ROOT, null),
      openrosaXPath,
    };
    setDefaultXPathHost(host);
    return host;
  });
  return loading;
}
