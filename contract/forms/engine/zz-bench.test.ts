import { it } from 'vitest';
import { jsdomTestHost } from './jsdom-test-host';
import { createFormEngine } from './form-engine';
import type { FormDefinition, Question } from '../definition';

const host = await jsdomTestHost();
const questions: Question[] = [];
for (let i = 0; i < 200; i++) {
  const q: Question = { name: `q${i}`, type: 'integer' };
  if (i % 2 === 1) q.relevant = `\${q${i - 1}} > 0`;
  if (i % 4 === 0) q.constraint = '. < 1000';
  questions.push(q);
}
const def: FormDefinition = { title: 't', languages: ['default'], choices: {}, questions };
it('bench', () => {
  const e = createFormEngine(def, host);
  const answers = Object.fromEntries(questions.map((q, i) => [q.name, String(i)]));
  for (let i = 0; i < 20; i++) e.evaluate(answers, { now: new Date() });
  const t0 = performance.now(); for (let i = 0; i < 50; i++) e.evaluate(answers, { now: new Date() }); console.log('ms/eval', (performance.now() - t0) / 50);
  const d0 = performance.now(); for (let i = 0; i < 50; i++) host.createDocument(); console.log('ms/createDocument', (performance.now() - d0) / 50);
});
