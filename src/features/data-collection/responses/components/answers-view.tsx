import type { Answers } from '@contract/forms/answers';
import type { FormDefinition } from '@contract/forms/definition';
import { createElement, Fragment, useMemo } from 'react';
import { answerTree, pathLabel, unknownAnswers, type AnswerNode } from '../answer-tree';
import { displayValue, questionLabel } from '../form-questions';

type Level = 4 | 5 | 6;
const deeper = (level: Level): Level => (level < 6 ? ((level + 1) as Level) : 6);

const headingClass = {
  4: 'text-base font-semibold',
  5: 'text-sm font-semibold',
  6: 'text-sm font-medium',
};

function Heading({ level, children }: { level: Level; children: string }) {
  return createElement(`h${level}`, { className: headingClass[level] }, children);
}

const termClass = 'text-sm text-slate-600 dark:text-slate-400';
const valueClass = 'mb-2 text-base break-words whitespace-pre-wrap';

/** Each answer under its question's label, groups as sections, a repeat's instances numbered. */
function Nodes({ nodes, language, level }: { nodes: AnswerNode[]; language?: string; level: Level }) {
  // Consecutive answers share one description list; a group or repeat starts a section.
  const runs: (AnswerNode[] | AnswerNode)[] = [];
  for (const node of nodes) {
    const last = runs[runs.length - 1];
    if (node.kind === 'answer' && Array.isArray(last)) last.push(node);
    else runs.push(node.kind === 'answer' ? [node] : node);
  }
  return (
    <>
      {runs.map((run, i) => {
        if (Array.isArray(run))
          return (
            <dl key={i}>
              {run.map((node) =>
                node.kind === 'answer' ? (
                  <Fragment key={node.path}>
                    <dt className={termClass}>{questionLabel(node.question, language)}</dt>
                    <dd className={valueClass}>
                      {displayValue(node, node.value, language) || (
                        <span className="text-slate-500 italic dark:text-slate-400">No answer</span>
                      )}
                    </dd>
                  </Fragment>
                ) : null,
              )}
            </dl>
          );
        const label = questionLabel(run.question, language);
        if (run.kind === 'answer') return null;
        if (run.kind === 'group')
          return (
            <section key={run.path} className="border-l-2 border-slate-200 pl-3 dark:border-slate-700">
              <Heading level={level}>{label}</Heading>
              <Nodes nodes={run.children} language={language} level={deeper(level)} />
            </section>
          );
        return (
          <section key={run.path} className="flex flex-col gap-2">
            <Heading level={level}>{label}</Heading>
            {run.instances.length === 0 && (
              <p className="text-sm text-slate-600 italic dark:text-slate-400">None</p>
            )}
            {run.instances.map((instance, index) => (
              <section key={index} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <Heading level={deeper(level)}>{`${label} ${index + 1}`}</Heading>
                <Nodes nodes={instance} language={language} level={deeper(deeper(level))} />
              </section>
            ))}
          </section>
        );
      })}
    </>
  );
}

/** A response's answers read along its form, and any answers the form no longer asks. */
export function AnswersView({
  definition,
  answers,
  language,
}: {
  definition: FormDefinition;
  answers: Answers;
  language?: string;
}) {
  const tree = useMemo(() => answerTree(definition, answers), [definition, answers]);
  const unknown = useMemo(() => unknownAnswers(definition, answers), [definition, answers]);
  return (
    <div className="flex flex-col gap-3">
      <Nodes nodes={tree} language={language} level={4} />
      {unknown.length > 0 && (
        <section className="flex flex-col gap-1">
          <Heading level={4}>Answers to questions this version does not ask</Heading>
          <dl>
            {unknown.map(([path, value]) => (
              <Fragment key={path}>
                <dt className={termClass}>{pathLabel(definition, path, language)}</dt>
                <dd className={valueClass}>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
