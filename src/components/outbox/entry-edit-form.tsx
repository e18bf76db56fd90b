import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextAreaField } from '@/components/ui/text-area-field';
import type { OutboxBody, OutboxEntry } from '@/lib/outbox';
import { fieldLabel } from './field-label';

const isLong = (value: string) => value.length > 80 || value.includes('\n');

interface EntryEditFormProps {
  entry: OutboxEntry;
  pending: boolean;
  onSubmit: (body: OutboxBody) => void;
  onCancel: () => void;
}

/**
 * One labelled field per value of the entry's flat body, generated: the outbox does not know the
 * feature's form. Text and numbers are editable; anything nested is kept as it is.
 */
export function EntryEditForm({ entry, pending, onSubmit, onCancel }: EntryEditFormProps) {
  const editable = Object.entries(entry.body).filter(
    ([, value]) => typeof value === 'string' || typeof value === 'number',
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(editable.map(([key, value]) => [key, String(value)])),
  );
  const fieldErrors = entry.lastError?.fields ?? {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: OutboxBody = { ...entry.body };
    for (const [key, original] of editable) {
      const value = values[key] ?? '';
      body[key] = typeof original === 'number' && value.trim() !== '' ? Number(value) : value;
    }
    onSubmit(body);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={`Edit ${entry.label.toLowerCase()}`}>
      {editable.map(([key, original]) => {
        const common = {
          label: fieldLabel(key),
          name: key,
          value: values[key] ?? '',
          error: fieldErrors[key],
        };
        return typeof original === 'string' && isLong(original) ? (
          <TextAreaField
            key={key}
            rows={5}
            {...common}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          />
        ) : (
          <Field
            key={key}
            type={typeof original === 'number' ? 'number' : 'text'}
            {...common}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          />
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={pending} pendingLabel="Sending...">
          Save and retry
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
