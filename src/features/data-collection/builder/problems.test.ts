import type { FormDefinition } from '@contract/forms/definition';
import { describe, expect, it } from 'vitest';
import { definitionProblems, problemCount, problemsFromServer } from './problems';

const definition = (): FormDefinition => ({
  title: 'Survey',
  languages: ['default'],
  questions: [
    { name: 'age', type: 'integer' },
    {
      name: 'hh',
      type: 'repeat',
      children: [
        { name: 'member', type: 'text' },
        { name: 'crops', type: 'select_one', listName: 'crops' },
      ],
    },
  ],
  choices: { crops: [{ name: 'maize', label: { default: 'Maize' } }] },
});

describe('definition problems', () => {
  it('finds none in a good form', () => {
    expect(problemCount(definitionProblems(definition()))).toBe(0);
  });

  it('puts the contract’s messages and the builder’s own checks on the question and field', () => {
    const d = definition();
    d.title = ' ';
    d.questions.push({ name: '1bad', type: 'text' });
    d.questions[1]!.children![0]!.name = 'age';
    d.questions[1]!.children!.push({
      name: 'score',
      type: 'range',
      parameters: { start: '0', end: 'x', step: '1' },
    });
    d.choices.crops!.push({ name: 'maize', label: {} });
    const problems = definitionProblems(d);
    expect(problems.form.title).toBe('Title is required.');
    expect(problems.questions['2']?.name).toMatch(/must start with a letter/);
    expect(problems.questions['1.0']?.name).toBe('Another question is also named “age”.');
    expect(problems.questions['0']?.name).toBe('Another question is also named “age”.');
    expect(problems.questions['1.1']?.choices).toBe('Two choices are named “maize”.');
    expect(problems.questions['1.2']?.parameters).toBe('Start, end and step must be numbers.');
  });

  it('places a save’s zod paths and a publish’s question paths from the server', () => {
    const problems = problemsFromServer(definition(), {
      'definition.questions.1.children.0.label.default': 'Label is too long.',
      'hh.crops.relevant': 'Unknown question ${nope}.',
      'age.constraint': 'Syntax error.',
      'definition.title': 'Title is required.',
      'choices.crops.0.name': 'Choice name is required.',
      settings: 'Something else.',
    });
    expect(problems.questions['1.0']).toEqual({ label: 'Label is too long.' });
    expect(problems.questions['1.1']).toEqual({
      relevant: 'Unknown question ${nope}.',
      choices: 'Choice 1: Choice name is required.',
    });
    expect(problems.questions['0']).toEqual({ constraint: 'Syntax error.' });
    expect(problems.form.title).toBe('Title is required.');
    expect(problems.other).toEqual(['Something else.']);
  });

  it('asks for the CSV a select from a file reads, until it is attached', () => {
    const d = definition();
    d.questions.push({ name: 'district', type: 'select_one_from_file', listName: 'districts.csv' });
    expect(definitionProblems(d).questions['2']?.listName).toBe(
      'Attach the file “districts.csv” (a CSV of choices).',
    );
    d.attachments = { 'districts.csv': { columns: ['name', 'label'], rows: [['kgl', 'Kigali']] } };
    expect(definitionProblems(d).questions['2']?.listName).toBeUndefined();
  });
});
