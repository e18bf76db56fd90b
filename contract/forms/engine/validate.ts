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

const IDENTITY = ['deviceid', 'username', 'phonenumber', 'email'] as const;

/** The answers with the identity the server knows (the context's) in place of the client's claim. */
function withServerIdentity(
  questions: readonly Question[],
  answers: Answers,
  metadata: EvaluationContext['metadata'],
): Answers {
  const out: Answers = { ...answers };
  for (const q of questions) {
    const value = out[q.name];
    const known = (IDENTITY as readonly string[]).includes(q.type)
      ? metadata?.[q.type as (typeof IDENTITY)[number]]
      : undefined;
    if (known !== undefined) out[q.name] = known;
    else if (q.type === 'group' && isObject(value))
      out[q.name] = withServerIdentity(q.children ?? [], value, metadata);
    else if (q.type === 'repeat' && Array.isArray(value)) {
      out[q.name] = value.map((entry) => withServerIdentity(q.children ?? [], entry, metadata));
    }
  }
  return out;
}

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
 * message). On success, the answers to store: relevant ones only, calculations recomputed, and the
 * identity metadata (username, email, …) that the context gives in place of what the client sent.
 */
export function validateAnswers(
  engine: FormEngine,
  answers: Answers,
  context: EvaluationContext,
): Validation {
  const errors: Record<string, string> = {};
  shapeErrors(engine.definition.questions, answers, '', errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  const state = engine.evaluate(
    withServerIdentity(engine.definition.questions, answers, context.metadata),
    context,
  );
  for (const error of state.errors) errors[error.path] ??= error.message;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, answers: state.submission };
}
