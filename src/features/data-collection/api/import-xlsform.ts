import { formDetail, type FormDetail } from '@contract/forms/api';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serverError } from '@/lib/server-error';
import { rememberForm } from './create-form';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const importXlsFormMutationKey = ['forms', 'import'] as const;

export interface ImportXlsFormInput {
  file: Blob;
  idempotencyKey: string;
}

/** One problem of an uploaded XLSForm, where a spreadsheet user would look for it. */
export interface XlsFormIssue {
  sheet: string;
  row: number | null;
  column: string | null;
  message: string;
}

/** POST /forms/import with the .xlsx as the raw body: a new draft made from the file. */
export async function importXlsForm({ file, idempotencyKey }: ImportXlsFormInput): Promise<FormDetail> {
  return formDetail.parse(
    await api<unknown>('/forms/import', {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': XLSX_TYPE, 'Idempotency-Key': idempotencyKey },
    }),
  );
}

const cell = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : null;

/** The issues of a 400 `xlsform_invalid`, or null when the refusal is of another kind. */
export function xlsFormIssues(error: unknown): XlsFormIssue[] | null {
  if (serverError(error)?.code !== 'xlsform_invalid') return null;
  const issues = (error as { data?: { issues?: unknown } }).data?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    if (!issue || typeof issue !== 'object') return [];
    const { sheet, row, column, message } = issue as Record<string, unknown>;
    const rowValue = cell(row);
    const columnValue = cell(column);
    return [
      {
        sheet: typeof sheet === 'string' ? sheet : '',
        row: rowValue === null ? null : Number(rowValue),
        column: columnValue === null ? null : String(columnValue),
        message: typeof message === 'string' ? message : '',
      },
    ];
  });
}

export const importXlsFormMutationOptions = () =>
  mutationOptions({
    mutationKey: importXlsFormMutationKey,
    mutationFn: importXlsForm,
    networkMode: 'always',
  });

export function useImportXlsForm() {
  const queryClient = useQueryClient();
  return useMutation({
    ...importXlsFormMutationOptions(),
    onSuccess: (form) => rememberForm(queryClient, form),
  });
}
