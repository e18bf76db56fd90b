import {
  DEFAULT_LANGUAGE,
  type AttachedTable,
  type Choice,
  type FormDefinition,
  type Localized,
  type Question,
} from '../definition';

/** The attached table called `name`, written with or without its `.csv` (pulldata names it without). */
export function attachedTableNamed(definition: FormDefinition, name: string): AttachedTable | undefined {
  const tables = definition.attachments;
  if (!tables) return undefined;
  const bare = name.replace(/\.csv$/i, '');
  return tables[name] ?? tables[`${bare}.csv`] ?? tables[bare];
}

/** A table's rows as choices: `name`, `label` or `label::<language>` columns, the rest as extra columns. */
export function tableChoices(table: AttachedTable): Choice[] {
  const nameAt = table.columns.indexOf('name');
  if (nameAt < 0) return [];
  const labels: [string, number][] = [];
  const extras: [string, number][] = [];
  table.columns.forEach((column, at) => {
    if (column === 'label') labels.push([DEFAULT_LANGUAGE, at]);
    else if (column.startsWith('label::')) labels.push([column.slice('label::'.length), at]);
    else if (at !== nameAt) extras.push([column, at]);
  });
  return table.rows.map((row) => {
    const label: Localized = {};
    for (const [language, at] of labels) label[language] = row[at] ?? '';
    const extra: Record<string, string> = {};
    for (const [column, at] of extras) extra[column] = row[at] ?? '';
    return { name: row[nameAt] ?? '', label, extra };
  });
}

/** The question's whole choice list, before any choice_filter. */
export function listChoices(definition: FormDefinition, question: Question): readonly Choice[] {
  if (!question.listName) return [];
  if (question.type === 'select_one_from_file' || question.type === 'select_multiple_from_file') {
    const table = attachedTableNamed(definition, question.listName);
    return table ? tableChoices(table) : [];
  }
  return definition.choices[question.listName] ?? [];
}
