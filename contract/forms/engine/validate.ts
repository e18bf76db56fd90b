import type { Answers } from '../answers';
import type { Question } from '../definition';
import type { EvaluationContext, FormEngine } from './form-engine';
import { MAX_REPEAT_INSTANCES } from './instance';

/*
 * The server's check of a submitted response: the same engine as the fill page, so what the page refuses
 * is refused here with the same message, and what the page would not submit (answers to questions that
 * are not relevant) is not stored. Calculations and metadata are recomputed, not taken from the client.
 */

export type Validation = { ok: true; answers: Answers } | { ok: false; errors: Record<string, string> };

const isObject = (v: unknown): v is Answers => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Answers whose shape does not match the questions: unknown names, a group given text, too many repeats. */
function shapeErrors(
  questions: readonly Question[],
  answers: Answers,
  prefix: string,
  errors: Record<string, string>,
) {
  const byName = new Map(questions.map((q) => [q.name, q]));
  for (const [name, value] of Object.entries(answers)) {
    const path = `${prefix}${name}`;
    const q = byName.get(name);
    if (!q) {
      errors[path] = `"${name}" names no question of this form.`;
    } else if (q.type === 'repeat') {
      if (!Array.isArray(value) || !value.every(isObject)) {
        errors[path] = `"${name}" is a repeat: its answer must be a list of entries.`;
      } else if (value.length > MAX_REPEAT_INSTANCES) {
        errors[path] = `"${name}" has more than ${MAX_REPEAT_INSTANCES.toLocaleString('en')} entries.`;
      } else {
        value.forEach((entry, i) => shapeErrors(q.children ?? [], entry, `${path}[${i + 1}]/`, errors));
      }
    } else if (q.type === 'group') {
      if (isObject(value)) shapeErrors(q.children ?? [], value, `${path}/`, errors);
      else errors[path] = `"${name}" is a group: its answer must hold its questions' answers.`;
    } else if (typeof value !== 'string') {
      errors[path] = `"${name}" takes text, not a list or a group.`;
    }
  }
}

/**
 * Checks a response against the form: refuses unknown question names and malformed shapes, more than
 * 1,000 entries in a repeat, and every required, constraint and type error (with the question's own
 * message). On success, the answers to store: relevant ones only, calculations recomputed.
 */
export function validateAnswers(
  engine: FormEngine,
  answers: Answers,
  context: EvaluationContext,
): Validation {
  const errors: Record<string, string> = {};
  shapeErrors(engine.definition.questions, answers, '', errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  const state = engine.evaluate(answers, context);
  for (const error of state.errors) errors[error.path] ??= error.message;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, answers: state.submission };
}
