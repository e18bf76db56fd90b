import { Fragment } from 'react';

/** Shows `backticked` parts of a description as code. Everything stays text; nothing is parsed as HTML. */
export function InlineCode({ text }: { text: string }) {
  return text.split('`').map((part, index) =>
    index % 2 === 1 ? (
      <code
        key={index}
        className="rounded bg-slate-100 px-1 font-mono text-[0.9em] [overflow-wrap:anywhere] dark:bg-slate-800"
      >
        {part}
      </code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
