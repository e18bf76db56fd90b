import { describe, expect, it } from 'vitest';
import { checkExpression } from '../../../contract/forms/engine/expressions';
import { createFormEngine } from '../../../contract/forms/engine/form-engine';
import type { FormDefinition } from '../../../contract/forms/definition';
import { nodeXPathHost } from './node-xpath-host';

const globals = globalThis as Record<string, unknown>;

const definition: FormDefinition = {
  title: 'Household',
  languages: ['default'],
  choices: {},
  questions: [
    { name: 'size', type: 'integer', constraint: '. > 0' },
    {
      name: 'member',
      type: 'repeat',
      repeatCount: '${size}',
      children: [{ name: 'age', type: 'integer', required: 'yes' }],
    },
    { name: 'second', type: 'calculate', calculation: '${member}[2]/age' },
    { name: 'total', type: 'calculate', calculation: 'sum(${age})' },
  ],
};

describe('nodeXPathHost', () => {
  it('installs the DOM globals on first use only, and makes one host', () => {
    expect(globals.XPathEvaluator).toBeUndefined();
    const host = nodeXPathHost();
    const installed = [globals.XPathEvaluator, globals.XPathResult, globals.Node];
    expect(installed.every((g) => typeof g === 'function')).toBe(true);
    expect(nodeXPathHost()).toBe(host);
    expect([globals.XPathEvaluator, globals.XPathResult, globals.Node]).toEqual(installed);
  });

  it('makes empty <data> documents', () => {
    const doc = nodeXPathHost().createDocument();
    expect(doc.documentElement?.nodeName).toBe('data');
    expect(doc.documentElement?.firstElementChild).toBeNull();
  });

  it('runs the engine, and is the default host of the checks', () => {
    const engine = createFormEngine(definition, nodeXPathHost());
    const state = engine.evaluate({ size: '2', member: [{ age: '30' }, { age: '4' }] }, { now: new Date() });
    expect(state.answers).toMatchObject({ second: '4', total: '34' });
    expect(engine.evaluate({ size: '0' }, { now: new Date() }).errors).toEqual([
      { path: 'size', kind: 'constraint', message: 'This answer is not allowed.' },
    ]);
    expect(checkExpression('${size} > ', definition)).toBe(
      '${size} > is not a valid expression: an operator or a value is missing.',
    );
  });
});
