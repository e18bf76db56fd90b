import type { FormDefinition } from '@contract/forms/definition';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoicesFile } from './choices-file';

/** The harness's definition as last rendered. */
const seen: { definition?: FormDefinition } = {};

function Harness() {
  const [definition, setDefinition] = useState<FormDefinition>({
    title: 'Visits',
    languages: ['default'],
    questions: [{ name: 'district', type: 'select_one_from_file', listName: 'districts.csv' }],
    choices: {},
  });
  useEffect(() => {
    seen.definition = definition;
  }, [definition]);
  const listName = definition.questions[0]!.listName;
  return (
    <ChoicesFile
      definition={definition}
      listName={listName}
      error={undefined}
      onListChange={(name) =>
        setDefinition((d) => ({ ...d, questions: [{ ...d.questions[0]!, listName: name }] }))
      }
      onDefinitionChange={(edit) => setDefinition(edit)}
    />
  );
}

const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

/** The cap on a choices file, as the builder tells it: 5 MB. */
const CAP = 5 * 1024 * 1024;

/** A valid choices CSV of exactly `bytes` bytes (ASCII): rows of 500 bytes, the last one up to 999. */
function csvOfSize(bytes: number): string {
  const row = (i: number, length: number) => {
    const start = `c${i},Choice ${i},`;
    return `${start}${'x'.repeat(length - start.length - 1)}\n`;
  };
  const header = 'name,label,note\n';
  const rows: string[] = [];
  let left = bytes - header.length;
  for (let i = 1; left >= 1000; i++, left -= 500) rows.push(row(i, 500));
  rows.push(row(rows.length + 1, left));
  return header + rows.join('');
}

describe('a select’s choices file', () => {
  it('attaches a CSV to the form under its name, and says why another cannot be', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('status')).toHaveTextContent('No file attached yet.');
    const input = screen.getByLabelText('Choices CSV file');

    await user.upload(input, csv('bad.csv', 'code,label\nkgl,Kigali\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent('“bad.csv” was not attached.');
    expect(seen.definition?.attachments).toBeUndefined();

    await user.upload(
      input,
      csv('rwanda-districts.csv', 'name,label,province\nkgl,Kigali,kigali\nhye,Huye,south\n'),
    );
    expect(
      await screen.findByText('Attached: 2 choices (columns name, label, province).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choices file')).toHaveValue('rwanda-districts.csv');
    expect(seen.definition?.attachments?.['rwanda-districts.csv']?.rows).toEqual([
      ['kgl', 'Kigali', 'kigali'],
      ['hye', 'Huye', 'south'],
    ]);
    expect(screen.getByRole('button', { name: 'Replace the CSV file' })).toBeInTheDocument();
  });

  it('refuses a file over 5 MB with the reason, and takes one of 5 MB', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Choices CSV file');

    const over = csv('all-villages.csv', csvOfSize(CAP + 1));
    expect(over.size).toBe(CAP + 1);
    await user.upload(input, over);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“all-villages.csv” is larger than 5 MB: keep the choices to what a phone can list.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('No file attached yet.');
    expect(screen.getByLabelText('Choices file')).toHaveValue('districts.csv');
    expect(seen.definition?.attachments).toBeUndefined();

    const atCap = csv('villages.csv', csvOfSize(CAP));
    expect(atCap.size).toBe(CAP);
    await user.upload(input, atCap);
    expect(
      await screen.findByText(/^Attached: [\d,]+ choices \(columns name, label, note\)\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choices file')).toHaveValue('villages.csv');
    expect(seen.definition?.attachments?.['villages.csv']?.rows[0]).toEqual([
      'c1',
      'Choice 1',
      'x'.repeat(487),
    ]);
  });
});
