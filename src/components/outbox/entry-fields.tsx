import type { OutboxEntry } from '@/lib/outbox';
import { fieldLabel } from './field-label';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** What the entry would send, field by field, with the server's message beside a refused field. */
export function EntryFields({ entry }: { entry: OutboxEntry }) {
  const fieldErrors = entry.lastError?.fields ?? {};
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[minmax(6rem,auto)_1fr] sm:gap-x-4">
      {Object.entries(entry.body).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{fieldLabel(key)}</dt>
          <dd className="min-w-0 break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
            {show(value)}
            {fieldErrors[key] && (
              <span className="mt-0.5 block text-red-700 dark:text-red-400">{fieldErrors[key]}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
