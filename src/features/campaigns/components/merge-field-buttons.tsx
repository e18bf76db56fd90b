import { mergeFieldLabels, mergeFields, type MergeField } from '@contract/campaigns';
import { useId } from 'react';

/**
 * One button per merge field: it puts `{{field}}` where the cursor was in the subject or the message
 * (whichever was last used), so nobody has to remember the exact spelling, and a typo cannot go out
 * to everyone.
 */
export function MergeFieldButtons({
  target,
  onInsert,
}: {
  target: 'subject' | 'body';
  onInsert: (field: MergeField) => void;
}) {
  const headingId = useId();
  const noteId = useId();
  return (
    <div role="group" aria-labelledby={headingId} aria-describedby={noteId} className="flex flex-col gap-1.5">
      <p id={headingId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Merge fields
      </p>
      <p id={noteId} className="text-xs text-slate-600 dark:text-slate-400">
        Each person gets their own value. Goes into the {target === 'body' ? 'message' : 'subject'} at the
        cursor.
      </p>
      <div className="flex flex-wrap gap-1.5">
        {mergeFields.map((field) => (
          <button
            key={field}
            type="button"
            onClick={() => onInsert(field)}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            <span>{mergeFieldLabels[field]}</span>{' '}
            <code className="text-xs text-slate-600 dark:text-slate-400">{`{{${field}}}`}</code>
          </button>
        ))}
      </div>
    </div>
  );
}
