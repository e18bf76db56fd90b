import { z } from 'zod';
import { answers } from '../../../contract/forms/answers';
import { question } from '../../../contract/forms/definition-schema';

/*
 * A question holds questions (groups, repeats) and answers hold answers (repeats): recursive schemas,
 * which the OpenAPI generator can only write as named components referring to themselves. The names are
 * put on the contract's own schema objects through zod's registry (the contract stays plain zod, as the
 * page imports it; `.openapi()` would make a copy, and exists only on schemas made after
 * @hono/zod-openapi has loaded, which a test importing the contract first does not guarantee).
 */
for (const [schema, name] of [
  [question, 'FormQuestion'],
  [answers, 'FormAnswers'],
] as const) {
  if (!z.globalRegistry.has(schema))
    z.globalRegistry.add(schema, { _internal: { refId: name } } as unknown as z.GlobalMeta);
}
