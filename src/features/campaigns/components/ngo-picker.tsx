import { useId, useState } from 'react';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useNgoOptions } from '../api/get-ngos';

/**
 * SUPER_ADMIN's choice of organisations whose people receive the campaign; none chosen is every
 * organisation. A filter narrows a long list; the chosen ones are counted above it.
 */
export function NgoPicker({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (ngoIds: string[]) => void;
  error?: string | undefined;
}) {
  const ngos = useNgoOptions(true);
  const [filter, setFilter] = useState('');
  const summaryId = useId();
  const errorId = useId();
  const typed = filter.trim().toLowerCase();
  const shown = (ngos.data ?? []).filter((n) => !typed || n.name.toLowerCase().includes(typed));
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={[summaryId, error && errorId].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Organisations</legend>
      <p id={summaryId} className="text-xs text-slate-600 dark:text-slate-400">
        {value.length === 0 ? 'None chosen: every organisation’s people.' : `${value.length} chosen.`}
      </p>
      {ngos.isError ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {errorMessage(ngos.error, 'The organisations could not be loaded.')} Without a choice, it goes to
          every organisation’s people.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void ngos.refetch()}>
            Retry
          </button>
        </p>
      ) : ngos.data === undefined ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the organisations…</p>
      ) : (
        <>
          <Field
            label="Find an organisation"
            type="search"
            autoComplete="off"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <ul className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-1 dark:border-slate-700">
            {shown.length === 0 && (
              <li className="p-2 text-sm text-slate-600 dark:text-slate-400">No organisation matches.</li>
            )}
            {shown.map((ngo) => (
              <li key={ngo.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-brand-600"
                    checked={value.includes(ngo.id)}
                    onChange={(event) => toggle(ngo.id, event.target.checked)}
                  />
                  <span className="min-w-0 text-sm break-words">{ngo.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
