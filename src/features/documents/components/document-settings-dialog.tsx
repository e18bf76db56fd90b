import { zodResolver } from '@hookform/resolvers/zod';
import {
  documentSettingsChange,
  LETTER_TEMPLATE_MAX,
  letterMergeFieldHints,
  letterMergeFields,
  mergeLetter,
  SIGNER_MAX,
  unknownMergeFields,
  type DocumentSettings,
  type LetterMergeField,
} from '@contract/documents';
import { useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TextAreaField } from '@/components/ui/text-area-field';
import { applyServerError, serverErrorMessage } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDocumentSettings } from '../api/get-document-settings';
import { useLogoFiles } from '../api/get-logo-files';
import { useUpdateDocumentSettings } from '../api/update-document-settings';
import { insertAt, sampleMergeValues } from '../letter-preview';

/** The logo as a select holds it: '' is no logo. */
const settingsFormSchema = documentSettingsChange.extend({ logoFileId: z.string() });
type SettingsValues = z.input<typeof settingsFormSchema>;
type SettingsOutput = z.output<typeof settingsFormSchema>;
const settingsFields = ['letterTemplate', 'signerName', 'signerTitle', 'logoFileId'] as const;

/**
 * 'Document settings' (admins): the reference letter's template, with its merge fields to insert and
 * a live preview, an unknown field flagged before saving; the default signer; the logo drawn on every
 * document. Online only.
 */
export function DocumentSettingsDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactElement;
}) {
  const settings = useDocumentSettings(open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Document settings"
      description="Used for every document issued from now on; documents already issued do not change."
      size="lg"
      closeOnOutsideClick={false}
    >
      {open &&
        (settings.data ? (
          <SettingsForm settings={settings.data} onDone={() => onOpenChange(false)} />
        ) : settings.isError ? (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">
              {serverErrorMessage(settings.error, 'The document settings could not be loaded.')}
            </Alert>
            <Button variant="secondary" pending={settings.isFetching} onClick={() => void settings.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <div role="status" aria-label="Loading the document settings" className="flex flex-col gap-3">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        ))}
    </Dialog>
  );
}

function SettingsForm({ settings, onDone }: { settings: DocumentSettings; onDone: () => void }) {
  const update = useUpdateDocumentSettings();
  const logos = useLogoFiles();
  const [failure, setFailure] = useState<string | null>(null);
  const template = useRef<HTMLTextAreaElement | null>(null);
  const ids = { unknown: useId(), preview: useId() };
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<SettingsValues, unknown, SettingsOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: {
      letterTemplate: settings.letterTemplate,
      signerName: settings.signerName,
      signerTitle: settings.signerTitle,
      logoFileId: settings.logoFileId ?? '',
    },
  });
  const text = useWatch({ control, name: 'letterTemplate' }) ?? '';
  const unknown = unknownMergeFields(text);
  const samples = useMemo(() => sampleMergeValues(), []);
  const preview = mergeLetter(text, samples);
  const { ref: templateRef, ...templateField } = register('letterTemplate');

  const insert = (field: LetterMergeField) => {
    const area = template.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const next = insertAt(text, `{{${field}}}`, start, end);
    setValue('letterTemplate', next.text, { shouldDirty: true, shouldValidate: isSubmitted });
    // Back to the text, the caret after the field, so the next words follow it.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onValid = ({ logoFileId, ...rest }: SettingsOutput) => {
    setFailure(null);
    update.mutate(
      { ...rest, logoFileId: logoFileId || null },
      {
        onSuccess: () => {
          notify.success('Document settings saved.');
          onDone();
        },
        onError: (error) =>
          setFailure(
            applyServerError(error, setError, settingsFields, 'The settings could not be saved. Try again.'),
          ),
      },
    );
  };

  const logoFiles = logos.data ?? [];
  const currentElsewhere =
    settings.logoFileId && logos.data && !logoFiles.some((f) => f.id === settings.logoFileId);

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Fieldset legend="Reference letter" variant="group">
        <div className="flex flex-col gap-3">
          <TextAreaField
            ref={(el) => {
              templateRef(el);
              template.current = el;
            }}
            label="Letter template"
            rows={10}
            required
            maxLength={LETTER_TEMPLATE_MAX}
            invalid={unknown.length > 0}
            describedBy={unknown.length > 0 ? ids.unknown : undefined}
            error={errors.letterTemplate?.message}
            {...templateField}
          />
          {unknown.length > 0 && (
            <p
              id={ids.unknown}
              aria-live="polite"
              className="text-sm font-semibold text-red-700 dark:text-red-300"
            >
              {unknown.length === 1 ? 'Unknown merge field: ' : 'Unknown merge fields: '}
              {unknown.map((f) => `{{${f}}}`).join(', ')}. Use only the fields below; the letter cannot be
              saved with {unknown.length === 1 ? 'it' : 'them'}.
            </p>
          )}
          <div>
            <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Insert a merge field</p>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Merge fields">
              {letterMergeFields.map((field) => (
                <li key={field}>
                  <button
                    type="button"
                    title={letterMergeFieldHints[field]}
                    aria-label={`Insert {{${field}}}: ${letterMergeFieldHints[field]}`}
                    onClick={() => insert(field)}
                    className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-3 font-mono text-sm text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
                  >
                    {`{{${field}}}`}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <section aria-labelledby={ids.preview}>
            <h3 id={ids.preview} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Preview with sample values
            </h3>
            <div
              data-testid="letter-preview"
              className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
            >
              {preview}
            </div>
          </section>
        </div>
      </Fieldset>
      <Fieldset legend="Default signer" variant="group">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Signer name"
            autoComplete="off"
            maxLength={SIGNER_MAX}
            error={errors.signerName?.message}
            {...register('signerName')}
          />
          <Field
            label="Signer title"
            autoComplete="off"
            maxLength={SIGNER_MAX}
            error={errors.signerTitle?.message}
            {...register('signerTitle')}
          />
        </div>
      </Fieldset>
      <SelectField
        label="Logo"
        disabled={logos.isPending}
        hint={
          logos.isError
            ? serverErrorMessage(logos.error, 'Your files could not be listed.')
            : 'A PNG or JPEG from the top folder of Cloud Storage. Without one, your initials are drawn.'
        }
        error={errors.logoFileId?.message}
        {...register('logoFileId')}
      >
        <option value="">No logo</option>
        {currentElsewhere && <option value={settings.logoFileId!}>Current logo (in another folder)</option>}
        {logos.isPending && settings.logoFileId && <option value={settings.logoFileId}>Current logo</option>}
        {logoFiles.map((file) => (
          <option key={file.id} value={file.id}>
            {file.name}
          </option>
        ))}
      </SelectField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <OnlineSubmitButton
          offlineReason="Saving the settings needs a connection."
          pending={update.isPending}
          pendingLabel="Saving..."
        >
          Save settings
        </OnlineSubmitButton>
      </DialogFooter>
    </form>
  );
}
