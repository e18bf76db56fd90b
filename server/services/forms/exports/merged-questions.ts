import { listChoices } from '../../../../contract/forms/engine/choice-lists';
import type { Choice, FormDefinition, Question } from '../../../../contract/forms/definition';

/**
 * One question as every published version knows it: the latest version's definition of it, the
 * choices any version offered (the latest's first), and the children of a group or repeat merged the
 * same way.
 */
export interface MergedQuestion {
  question: Question;
  choices: Choice[];
  children: MergedQuestion[];
}

/** The `other` choice XLSForm's `or_other` adds to a list (contract/forms/engine/value-types.ts accepts it). */
const OTHER_CHOICE: Choice = { name: 'other', label: { default: 'Other' } };

const isContainer = (q: Question) => q.type === 'group' || q.type === 'repeat';

function choicesOf(definition: FormDefinition, question: Question): Choice[] {
  const choices = [...listChoices(definition, question)];
  if (question.orOther && !choices.some((c) => c.name === OTHER_CHOICE.name)) choices.push(OTHER_CHOICE);
  return choices;
}

function mergeInto(target: MergedQuestion[], questions: readonly Question[], definition: FormDefinition) {
  for (const question of questions) {
    let node = target.find((n) => n.question.name === question.name);
    if (!node) {
      // Not in any later version: an older question keeps a column, after the latest version's ones.
      node = { question, choices: [], children: [] };
      target.push(node);
    }
    // A name that changed between a question and a group keeps the latest shape; the other one's
    // answers cannot fit its columns.
    if (isContainer(node.question) !== isContainer(question)) continue;
    for (const choice of choicesOf(definition, question))
      if (!node.choices.some((c) => c.name === choice.name)) node.choices.push(choice);
    if (question.children) mergeInto(node.children, question.children, definition);
  }
}

/**
 * The questions of every version of a form, latest first: columns follow the latest version's order,
 * and what only older versions asked is appended where it stood (in its group or repeat), so an export
 * loses no answer that a response of an older version holds.
 */
export function mergeVersions(definitionsLatestFirst: readonly FormDefinition[]): MergedQuestion[] {
  const merged: MergedQuestion[] = [];
  for (const definition of definitionsLatestFirst) mergeInto(merged, definition.questions, definition);
  return merged;
}
