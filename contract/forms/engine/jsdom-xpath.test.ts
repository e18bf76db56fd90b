import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { jsdomXPathEvaluator, type XPathEvaluatorLike } from './jsdom-xpath';

interface El {
  nodeName: string;
  textContent: string | null;
  appendChild(child: El): El;
}
interface Window {
  XPathEvaluator: new () => XPathEvaluatorLike;
  document: {
    implementation: {
      createDocument(
        ns: null,
        name: string,
        doctype: null,
      ): { documentElement: El; createElement(n: string): El };
    };
  };
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: Window };
};
const { window } = new JSDOM('');

const doc = window.document.implementation.createDocument(null, 'data', null);
const add = (parent: El, name: string, text?: string) => {
  const el = parent.appendChild(doc.createElement(name));
  if (text !== undefined) el.textContent = text;
  return el;
};
const root = doc.documentElement;
add(root, 'a', '1');
const rep1 = add(root, 'rep');
add(rep1, 'x', 'first');
const rep2 = add(root, 'rep');
const x2 = add(rep2, 'x', 'second');

type Iter = { resultType: number; iterateNext(): El | null };
const texts = (result: unknown) => {
  const out: (string | null)[] = [];
  for (let n = (result as Iter).iterateNext(); n; n = (result as Iter).iterateNext()) out.push(n.textContent);
  return out;
};

describe('jsdomXPathEvaluator', () => {
  const Fast = jsdomXPathEvaluator(window.XPathEvaluator);
  const fast = new Fast();
  const plain = new window.XPathEvaluator();

  it("selects what jsdom's own XPath selects, for plain paths", () => {
    for (const [path, context] of [
      ['/data/a', root],
      ['/data/rep/x', root],
      ['../x', x2],
      ['../../a', x2],
      ['.', x2],
      ['./x', rep1],
      ['/data/none', x2],
      ['/other/a', root],
    ] as const) {
      expect(texts(fast.evaluate(path, context, null, 0, null)), path).toEqual(
        texts(plain.evaluate(path, context, null, 0, null)),
      );
    }
  });

  it('hands anything else to jsdom, with the result type defaulting to any', () => {
    expect(texts(fast.evaluate('/data/rep[2]/x', root, null))).toEqual(['second']);
    expect(
      (fast.evaluate('count(/data/rep)', root, null, 1, null) as { numberValue: number }).numberValue,
    ).toBe(2);
    expect(texts(fast.createExpression('./x', null).evaluate(rep2))).toEqual(['second']);
    expect(texts(fast.createExpression('x[1]', null).evaluate(rep1))).toEqual(['first']);
    expect(() => plain.createExpression('x[1]', null).evaluate(rep1)).toThrow();
  });
});
