import type { FormDefinition } from '@contract/forms/definition';
import { attachedTableNamed } from '@contract/forms/engine/choice-lists';
import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { csvTable } from '../../builder/csv-table';
import { attachTable } from '../../builder/definition-edits';

/** A CSV of choices is read whole in the browser; beyond this it is not a choice list for a phone. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * A `_from_file` select's choices: the attached CSV's name, and the file itself, read here and kept in
 * the form's definition (its `attachments`), so the fill page has the choices offline with the form.
 * Attaching a file names it as the question's choices file.
 */
export function ChoicesFile({
  definition,
  listName,
  error,
  onListChange,
  onDefinitionChange,
}: {
  definition: FormDefinition;
  listName: string | undefined;
  error: string | undefined;
  onListChange: (listName: string) => void;
  onDefinitionChange: (edit: (definition: FormDefinition) => FormDefinition) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const table = listName ? attachedTableNamed(definition, listName) : undefined;

  const attach = async (file: File) => {
    setRefusal(null);
    if (file.size > MAX_FILE_BYTES) {
      setRefusal(`“${file.name}” is larger than 5 MB: keep the choices to what a phone can list.`);
      return;
    }
    const read = csvTable(await file.text());
    if ('error' in read) {
      setRefusal(`“${file.name}” was not attached. ${read.error}`);
      return;
    }
    const name = file.name.trim().slice(0, 200);
    onDefinitionChange((d) => attachTable(d, name, read.table));
    onListChange(name);
  };

  return (
    <div className="flex flex-col gap-2">
      <Field
        label="Choices file"
        value={listName ?? ''}
        autoComplete="off"
        spellCheck={false}
        error={error}
        hint="The CSV file attached to the form that holds the choices (name and label columns)."
        onChange={(event) => onListChange(event.target.value.trim())}
      />
      <p id={statusId} role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {table
          ? `Attached: ${table.rows.length.toLocaleString()} ${table.rows.length === 1 ? 'choice' : 'choices'} (columns ${table.columns.join(', ')}).`
          : 'No file attached yet.'}
      </p>
      {refusal && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        aria-describedby={statusId}
        onClick={() => input.current?.click()}
      >
        <FileUp aria-hidden className="size-4" />
        {table ? 'Replace the CSV file' : 'Attach a CSV file'}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-label="Choices CSV file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void attach(file);
        }}
      />
    </div>
  );
}
