import type { Answers } from '../../../contract/forms/answers';
import type { FormDefinition } from '../../../contract/forms/definition';
import { checkDefinition } from '../../../contract/forms/engine/expressions';
import { createFormEngine } from '../../../contract/forms/engine/form-engine';
import { validateAnswers } from '../../../contract/forms/engine/validate';
import { nodeXPathHost } from './node-xpath-host';

/*
 * The server runs the fill page's own engine (contract/forms/engine) over jsdom's XPath, so a response
 * the page would refuse is refused here too, with the same message (ADR 0036). Building an engine
 * converts every expression once; engines are kept per published version, which never changes.
 */

type Engine = ReturnType<typeof createFormEngine>;

const MAX_ENGINES = 100;
const engines = new Map<string, Engine>();

function engineFor(key: string, definition: FormDefinition): Engine {
  let engine = engines.get(key);
  if (engine) {
    // Most recently used last, so the oldest is the first to go.
    engines.delete(key);
    engines.set(key, engine);
    return engine;
  }
  engine = createFormEngine(definition, nodeXPathHost());
  engines.set(key, engine);
  if (engines.size > MAX_ENGINES) engines.delete(engines.keys().next().value!);
  return engine;
}

/** What stops a draft from being published: each problem with its question's path and field. */
export async function definitionProblems(definition: FormDefinition) {
  nodeXPathHost();
  return checkDefinition(definition);
}

/** A response checked against the version it was filled against: its answers as stored, or field messages. */
export function checkSubmission(
  form: { formId: string; version: number; definition: FormDefinition },
  answers: Answers,
  context: { now: Date; utcOffset?: number | undefined; username?: string },
) {
  const engine = engineFor(`${form.formId}:${form.version}`, form.definition);
  return validateAnswers(engine, answers, {
    now: context.now,
    utcOffset: context.utcOffset,
    metadata: context.username ? { username: context.username } : {},
  });
}
