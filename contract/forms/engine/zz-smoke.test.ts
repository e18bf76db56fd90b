import { it } from 'vitest';
import { jsdomTestHost } from './jsdom-test-host';
import { createFormEngine } from './form-engine';
import { checkExpression } from './expressions';
import type { FormDefinition } from '../definition';

const host = await jsdomTestHost();
const def: FormDefinition = {
  title: 't', languages: ['default'], choices: { yn: [{ name: 'yes', label: { default: 'Yes' } }, { name: 'no', label: { default: 'No' } }] },
  questions: [
    { name: 'age', type: 'integer', constraint: '. >= 0 and . < 130' },
    { name: 'adult', type: 'calculate', calculation: "if(${age} >= 18, 'yes', 'no')" },
    { name: 'g', type: 'group', relevant: "${adult} = 'yes'", children: [{ name: 'job', type: 'text', required: 'true()' }] },
    { name: 'n', type: 'integer' },
    { name: 'rep', type: 'repeat', repeatCount: '${n}', children: [{ name: 'x', type: 'integer' }, { name: 'y', type: 'calculate', calculation: '${x} * 2' }, { name: 'p', type: 'calculate', calculation: 'position(..)' }] },
    { name: 'total', type: 'calculate', calculation: 'sum(${y})' },
    { name: 'second', type: 'calculate', calculation: 'indexed-repeat(${x}, ${rep}, 2)' },
    { name: 'd', type: 'calculate', calculation: "format-date(today(), '%Y/%m/%d')" },
    { name: 's', type: 'select_one', listName: 'yn' },
    { name: 'sn', type: 'calculate', calculation: "jr:choice-name(${s}, '${s}')" },
  ],
};
it('smoke', () => {
  const e = createFormEngine(def, host);
  const st = e.evaluate({ age: '20', n: '3', rep: [{ x: '1' }, { x: '5' }], s: 'no' }, { now: new Date(2026, 10, 27, 10) });
  console.log(JSON.stringify(st.answers), JSON.stringify(st.submission), JSON.stringify(st.errors));
  const st2 = e.evaluate({ age: '10', g: { job: 'x' } }, { now: new Date(2026, 10, 27, 10) });
  console.log(JSON.stringify(st2.submission), JSON.stringify(st2.errors));
  for (const x of ['${age} > 3', '${foo} = 1', '${age} >> 3', "concat('a'", "'abc", 'foo(1)', 'age > 3', '/data/[x', "${age} = 1 and /data/[x", "regex(., '[')", "instance('x')/root", 'today() - ${age}'])
    console.log(x, '→', checkExpression(x, def, ['age'], host));
  const t0 = performance.now(); for (let i = 0; i < 100; i++) e.evaluate({ age: '20', n: '3', rep: [{ x: '1' }, { x: '5' }], s: 'no' }, { now: new Date() }); console.log('ms/eval', (performance.now() - t0) / 100);
});
