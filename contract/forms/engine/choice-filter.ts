import { textIn, XML_NAME, type Choice, type FormDefinition, type Question } from '../definition';
import type { QuestionBinds } from './binds';
import { listChoices } from './choice-lists';
import { FAILED, type ExpressionMemo } from './expression-memo';
import { INDEXED_REPEAT_FUNCTION } from './functions';
import type { InstanceNode } from './instance';
import type { Runner } from './runner';
import { stringLiteral } from './xpath-text';
import type { XmlDocument, XmlElement, XPathHost } from './xpath-host';

/*
 * choice_filter: each `${name}` is replaced by its value (as seen from the select's node) as a literal,
 * then the filter runs once per choice against a small `<item>` of the choice's columns, so its bare
 * names (`state`, `name`) read the choice's own. Items are built once per list and language.
 */

interface List {
  choices: readonly Choice[];
  byName: Map<string, Choice>;
}

export interface ChoiceResolver {
  /** The node's choices that pass its filter. */
  filtered(node: InstanceNode): Choice[];
  /** Whether `name` is one of the node's choices that pass its filter. */
  allows(node: InstanceNode, name: string): boolean;
  /**
   * Makes every node's filter concrete now, from the answers as they stand: the engine reuses the
   * instance for the next evaluation, and this state's choices must not follow it.
   */
  settle(nodes: readonly InstanceNode[]): void;
}

/**
 * Whether some filter still reads the instance once concrete (indexed-repeat() is a call on the
 * document, not a value put in the text): then each state keeps an instance of its own.
 */
export function filtersReadInstance(binds: ReadonlyMap<Question, QuestionBinds>): boolean {
  for (const b of binds.values()) {
    const parts = typeof b.choiceFilter === 'object' ? b.choiceFilter.parts : [];
    if (parts.some((p) => typeof p === 'string' && p.includes(INDEXED_REPEAT_FUNCTION))) return true;
  }
  return false;
}

export function createChoiceSource(
  definition: FormDefinition,
  host: XPathHost,
  runner: Runner,
  binds: ReadonlyMap<Question, QuestionBinds>,
  memo: ExpressionMemo,
) {
  const lists = new Map<Question, List>();
  let itemDocument: XmlDocument | undefined;
  const items = new Map<string, Map<Choice, XmlElement>>();

  const listOf = (question: Question): List => {
    let list = lists.get(question);
    if (!list) {
      const choices = listChoices(definition, question);
      list = { choices, byName: new Map(choices.map((c) => [c.name, c])) };
      lists.set(question, list);
    }
    return list;
  };

  const itemOf = (choice: Choice, language: string | undefined): XmlElement => {
    const key = language ?? '';
    let forLanguage = items.get(key);
    if (!forLanguage) items.set(key, (forLanguage = new Map()));
    let item = forLanguage.get(choice);
    if (!item) {
      itemDocument ??= host.createDocument();
      const doc = itemDocument;
      item = doc.createElement('item');
      const column = (name: string, value: string) => {
        const el = doc.createElement(name);
        el.textContent = value;
        item!.appendChild(el);
      };
      column('name', choice.name);
      column('label', textIn(choice.label, language));
      for (const [name, value] of Object.entries(choice.extra ?? {})) {
        if (name !== 'name' && name !== 'label' && XML_NAME.test(name)) column(name, value);
      }
      doc.documentElement!.appendChild(item);
      forLanguage.set(choice, item);
    }
    return item;
  };

  /** Choice resolution for one evaluation: filters are made concrete once per node. */
  return function resolver(): ChoiceResolver {
    const concrete = new Map<InstanceNode, string | null>();
    const filterOf = (node: InstanceNode): string | null => {
      if (concrete.has(node)) return concrete.get(node)!;
      const compiled = binds.get(node.question)?.choiceFilter;
      let text: string | null = null;
      if (compiled === 'broken') text = 'true()';
      else if (compiled) {
        text = compiled.parts
          .map((part) => {
            if (typeof part === 'string') return part;
            const value = memo.result(part, 'string', node, () => runner.string(part.xpath, node.element));
            return value === FAILED ? "''" : stringLiteral(value);
          })
          .join('');
      }
      concrete.set(node, text);
      return text;
    };
    const passes = (choice: Choice, filter: string | null) => {
      if (filter === null) return true;
      try {
        return runner.boolean(filter, itemOf(choice, runner.runtime.language));
      } catch {
        // A filter that fails shows every choice rather than none: the question stays answerable.
        return true;
      }
    };
    return {
      filtered(node) {
        const filter = filterOf(node);
        return listOf(node.question).choices.filter((c) => passes(c, filter));
      },
      allows(node, name) {
        const choice = listOf(node.question).byName.get(name);
        return !!choice && passes(choice, filterOf(node));
      },
      settle(nodes) {
        for (const node of nodes) if (binds.get(node.question)?.choiceFilter) filterOf(node);
      },
    };
  };
}
