import { isSelectType, type FormDefinition } from '../definition';
import { constantBoolean } from './binds';
import { checkEnvironment, expressionProblem } from './expression-check';
import { defaultXPathHost, type XPathHost } from './xpath-host';

export { checkDefinition, type DefinitionProblem } from './check-definition';

/**
 * Null when `expression` (as written in XLSForm, with `${name}` references) will run, else a message:
 * "${foo} names no question." or "<expression> is not a valid expression: <reason>.".
 *
 * `at` is the path of names of the question the expression belongs to (`['household', 'member', 'age']`),
 * which decides how references within a shared repeat resolve; [] or absent for the form's level (the
 * instance name). When the expression is that question's own choice_filter, its bare names are read as
 * the choices' columns; when it is the repeat's repeat_count, it is read from the repeat's parent; when
 * it is its required or read_only `yes`/`no`, it is fine. An empty expression is fine.
 *
 * `host` defaults to the one nodeXPathHost() or browserXPathHost() has set (setDefaultXPathHost).
 */
export function checkExpression(
  expression: string,
  definition: FormDefinition,
  at: readonly string[] = [],
  host: XPathHost = defaultXPathHost(),
): string | null {
  const env = checkEnvironment(definition, host);
  const question = at.length ? env.index.all.find((i) => i.key === at.join('/'))?.question : undefined;
  if (question && isSelectType(question.type) && question.choiceFilter === expression) {
    return expressionProblem(env, expression, at, { listName: question.listName });
  }
  if (question?.type === 'repeat' && question.repeatCount === expression) {
    return expressionProblem(env, expression, at.slice(0, -1));
  }
  if (
    question &&
    constantBoolean(expression) !== undefined &&
    (question.required === expression || question.readOnly === expression)
  ) {
    return null;
  }
  return expressionProblem(env, expression, at);
}

/** As checkExpression, for a select's choice_filter: its bare names (`state`) are the choices' columns. */
export function checkChoiceFilter(
  expression: string,
  definition: FormDefinition,
  at: readonly string[],
  listName: string | undefined,
  host: XPathHost = defaultXPathHost(),
): string | null {
  return expressionProblem(checkEnvironment(definition, host), expression, at, { listName });
}
