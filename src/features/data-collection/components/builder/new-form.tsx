import type { FormDetail } from '@contract/forms/api';
import { DEFAULT_LANGUAGE } from '@contract/forms/definition';
import { formDefinition } from '@contract/forms/definition-schema';
import { FileSpreadsheet, Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { NeedsNetworkNote, OFFLINE_REASON } from '@/components/ui/needs-network';
import { errorStatus } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { answerRenewsKey, useIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { serverError, serverErrorMessage } from '@/lib/server-error';
import { useCreateForm } from '../../api/create-form';
import { useImportXlsForm, xlsFormIssues, type XlsFormIssue } from '../../api/import-xlsform';
import { XlsFormIssuesTable } from './xlsform-issues-table';

/**
 * /data-collection/forms/new: start an empty draft from a title, or import an XLSForm made in
 * KoboToolbox, ODK or a spreadsheet; either way the builder opens on the new form.
 */
export function NewForm({ onCreated }: { onCreated: (form: FormDetail) => void }) {
  const offline = useOffline();
  const offlineNote = useId();
  const create = useCreateForm();
  const upload = useImportXlsForm();
  const createKey = useIdempotencyKey();
  const importKey = useIdempotencyKey();
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const [createFailure, setCreateFailure] = useState<string | null>(null);
  const [importFailure, setImportFailure] = useState<string | null>(null);
  const [issues, setIssues] = useState<XlsFormIssue[] | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreateFailure(null);
    const checked = formDefinition.shape.title.safeParse(title);
    if (!checked.success) {
      setTitleError(checked.error.issues[0]?.message);
      return;
    }
    setTitleError(undefined);
    const definition = { title: checked.data, languages: [DEFAULT_LANGUAGE], questions: [], choices: {} };
    try {
      const form = await create.mutateAsync({ body: { definition }, idempotencyKey: createKey.start() });
      createKey.renew();
      notify.success('Form created as a draft.');
      onCreated(form);
    } catch (error) {
      if (answerRenewsKey(errorStatus(error))) createKey.renew();
      const fields = serverError(error)?.fields ?? {};
      const titleMessage = fields['definition.title'];
      if (titleMessage) setTitleError(titleMessage);
      else setCreateFailure(serverErrorMessage(error, 'The form could not be created.'));
    }
  };

  const importFile = async (file: File) => {
    setImportFailure(null);
    setIssues(null);
    setFileName(file.name);
    if (!/\.xlsx$/i.test(file.name)) {
      setImportFailure('Choose an .xlsx file (an XLSForm saved from Excel, LibreOffice or Google Sheets).');
      return;
    }
    // A new file is a new write: the key is kept only to resend the same file.
    importKey.renew();
    try {
      const form = await upload.mutateAsync({ file, idempotencyKey: importKey.start() });
      importKey.renew();
      notify.success(`“${form.title}” imported as a draft.`);
      onCreated(form);
    } catch (error) {
      if (answerRenewsKey(errorStatus(error))) importKey.renew();
      const found = xlsFormIssues(error);
      setIssues(found && found.length ? found : null);
      setImportFailure(serverErrorMessage(error, 'The XLSForm could not be imported.'));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">Start from a title</h2>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {createFailure && <Alert tone="error">{createFailure}</Alert>}
          <Field
            label="Title"
            value={title}
            maxLength={200}
            autoComplete="off"
            placeholder="e.g. Household survey 2026"
            hint="Shown at the top of the form. You can change it later."
            error={titleError}
            onChange={(event) => {
              setTitle(event.target.value);
              createKey.start();
            }}
          />
          {offline && <NeedsNetworkNote id={offlineNote}>{OFFLINE_REASON}</NeedsNetworkNote>}
          <Button
            type="submit"
            className="self-start"
            disabled={offline}
            aria-describedby={offline ? offlineNote : undefined}
            pending={create.isPending}
            pendingLabel="Creating..."
          >
            <Plus aria-hidden className="size-4" />
            Create form
          </Button>
        </form>
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">Or import an XLSForm</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          An XLSForm is a spreadsheet with a <span className="font-mono">survey</span> sheet (and{' '}
          <span className="font-mono">choices</span> and <span className="font-mono">settings</span> sheets),
          as KoboToolbox and ODK use. The form opens in the builder as a draft.
        </p>
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="XLSForm file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file may be chosen again after fixing it.
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <Button
          variant="secondary"
          className="self-start"
          disabled={offline}
          aria-describedby={offline ? offlineNote : undefined}
          pending={upload.isPending}
          pendingLabel="Importing..."
          onClick={() => fileInput.current?.click()}
        >
          <FileSpreadsheet aria-hidden className="size-4" />
          Import XLSForm
        </Button>
        {importFailure && (
          <Alert tone="error">
            {fileName && <span className="font-semibold">{fileName}: </span>}
            {importFailure}
          </Alert>
        )}
        {issues && <XlsFormIssuesTable issues={issues} />}
      </Card>
    </div>
  );
}
