import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Fieldset } from './fieldset';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';

describe('Field and its twins', () => {
  it('tie the error to the control: aria-invalid and the error as its description', () => {
    render(
      <>
        <Field label="Title" error="Title is required." hint="Shown on the card." />
        <TextAreaField label="Story" error="Story is too long." />
        <SelectField label="Currency" error="Pick a currency.">
          <option>RWF</option>
        </SelectField>
      </>,
    );
    for (const [label, message] of [
      ['Title', 'Title is required.'],
      ['Story', 'Story is too long.'],
      ['Currency', 'Pick a currency.'],
    ]) {
      expect(screen.getByLabelText(label!)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label!)).toHaveAccessibleDescription(message!);
    }
    // The hint steps aside while the error shows.
    expect(screen.queryByText('Shown on the card.')).not.toBeInTheDocument();
  });

  it('describe a valid control by its hint, then by any other element named in describedBy', () => {
    render(
      <>
        <p id="locked">The currency cannot change.</p>
        <Field label="Goal" hint="In RWF." describedBy="locked" />
      </>,
    );
    const goal = screen.getByLabelText('Goal');
    expect(goal).not.toHaveAttribute('aria-invalid');
    expect(goal).toHaveAccessibleDescription('In RWF. The currency cannot change.');
  });

  it('mark a control invalid without a message of its own, pointing at the shared one', () => {
    render(
      <>
        <p id="required">Title and blog content are required.</p>
        <TextAreaField label="Content" invalid describedBy="required" />
      </>,
    );
    const content = screen.getByLabelText('Content');
    expect(content).toHaveAttribute('aria-invalid', 'true');
    expect(content).toHaveAccessibleDescription('Title and blog content are required.');
  });
});

describe('Fieldset', () => {
  it('names its group of controls by the legend', () => {
    render(
      <Fieldset legend="The goal">
        <Field label="Goal" />
      </Fieldset>,
    );
    expect(screen.getByRole('group', { name: 'The goal' })).toContainElement(screen.getByLabelText('Goal'));
  });
});
