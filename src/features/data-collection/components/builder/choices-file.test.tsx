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
});
