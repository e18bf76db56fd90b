/*
 * What the engine needs from its platform (ADR 0036): an XML document to build the instance in, and
 * openrosa-xpath-evaluator's factory. The factory comes from the host rather than an import here because
 * the evaluator reads the DOM globals (`Node`) as soon as its module loads: on Node an import of it from
 * this folder would throw before the server's host had installed jsdom's globals.
 *
 * The DOM is typed structurally (the few members the engine uses) because contract/ is also compiled
 * for the server, without the DOM library.
 */

/** The members of a DOM Element that the engine uses. */
export interface XmlElement {
  readonly nodeName: string;
  textContent: string | null;
  readonly firstElementChild: XmlElement | null;
  readonly nextElementSibling: XmlElement | null;
  appendChild(child: XmlElement): unknown;
  removeChild(child: XmlElement): unknown;
}

/** The members of a DOM XMLDocument that the engine uses. */
export interface XmlDocument {
  readonly documentElement: XmlElement | null;
  createElement(name: string): XmlElement;
}

/** What the evaluator's `evaluate` returns (a DOM XPathResult, or the evaluator's own stand-in). */
export interface XPathResultLike {
  readonly resultType: number;
  readonly stringValue?: string;
  readonly numberValue?: number;
  readonly booleanValue?: boolean;
  iterateNext?(): XmlElement | null;
}

export type CustomArgType = 'string' | 'number' | 'boolean';

/** openrosa-xpath-evaluator's evaluator (what its module's function returns). */
export interface OpenRosaXPathEvaluator {
  evaluate(
    expression: string,
    contextNode: unknown,
    namespaceResolver: null,
    resultType: number,
    result: null,
  ): XPathResultLike;
  customXPathFunction: {
    add(
      name: string,
      definition: {
        // The evaluator casts each argument to its declared type before calling.
        fn: (...args: never[]) => unknown;
        args: { t: CustomArgType }[];
        ret: 'string' | 'number' | 'boolean' | 'date';
      },
    ): void;
  };
}

/** The module export of openrosa-xpath-evaluator. */
export type OpenRosaXPathFactory = () => OpenRosaXPathEvaluator;

export interface XPathHost {
  /** A new, empty XML document whose root element is `<data>`. */
  createDocument(): XmlDocument;
  /** openrosa-xpath-evaluator's factory, loaded once `XPathEvaluator`, `XPathResult` and `Node` exist. */
  openrosaXPath: OpenRosaXPathFactory;
}

/** XPathResult's type constants (the same in every DOM). */
export const ANY_TYPE = 0;
export const NUMBER_TYPE = 1;
export const STRING_TYPE = 2;
export const BOOLEAN_TYPE = 3;

let defaultHost: XPathHost | undefined;

/** Makes `host` the one that checkExpression and checkDefinition use when they are given none. */
export function setDefaultXPathHost(host: XPathHost): void {
  defaultHost = host;
}

/** The host given to setDefaultXPathHost (nodeXPathHost() and browserXPathHost() set themselves). */
export function defaultXPathHost(): XPathHost {
  if (!defaultHost) {
    throw new Error(
      'No XPath host: call nodeXPathHost() on the server or browserXPathHost() in the page first, or pass a host.',
    );
  }
  return defaultHost;
}
