import type { FormDefinition } from '../definition';
import type { FormIndex } from './form-index';
import { registerFunctions, type Runtime } from './functions';
import {
  ANY_TYPE,
  BOOLEAN_TYPE,
  NUMBER_TYPE,
  STRING_TYPE,
  type OpenRosaXPathEvaluator,
  type XmlElement,
  type XPathHost,
} from './xpath-host';

/** One evaluator with our functions, and its results as the engine uses them. Throws what it throws. */
export interface Runner {
  readonly runtime: Runtime;
  /** As a question's value: numbers without NaN or infinities, booleans 'true'/'false'. */
  string(xpath: string, context: XmlElement): string;
  boolean(xpath: string, context: XmlElement): boolean;
  number(xpath: string, context: XmlElement): number;
}

export function createRunner(host: XPathHost, definition: FormDefinition, index: FormIndex): Runner {
  const evaluator: OpenRosaXPathEvaluator = host.openrosaXPath();
  const runtime: Runtime = { document: null, now: new Date(), utcOffset: undefined, language: undefined };
  registerFunctions(evaluator, definition, index, runtime);
  const run = (xpath: string, context: XmlElement, type: number) =>
    evaluator.evaluate(xpath, context, null, type, null);
  return {
    runtime,
    string(xpath, context) {
      const result = run(xpath, context, ANY_TYPE);
      switch (result.resultType) {
        case NUMBER_TYPE: {
          const n = result.numberValue ?? NaN;
          return Number.isFinite(n) ? String(n) : '';
        }
        case BOOLEAN_TYPE:
          return result.booleanValue ? 'true' : 'false';
        case ANY_TYPE: // a date
        case STRING_TYPE:
          return result.stringValue ?? '';
        default:
          return result.iterateNext?.()?.textContent ?? '';
      }
    },
    boolean: (xpath, context) => run(xpath, context, BOOLEAN_TYPE).booleanValue === true,
    number: (xpath, context) => run(xpath, context, NUMBER_TYPE).numberValue ?? NaN,
  };
}
