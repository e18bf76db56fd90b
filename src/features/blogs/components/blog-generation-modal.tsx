import { blogTones, type BlogTone } from '@contract/blogs';
import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { applyServerError } from '@/lib/form-errors';
import { useCreateBlog } from '../api/create-blog';
import {
  generateBlogInputSchema,
  useGenerateBlog,
  type GenerateBlogFormValues,
  type GenerateBlogInput,
} from '../api/generate-blog';
import {
  generateSimpleBlogInputSchema,
  useGenerateSimpleBlog,
  type GenerateSimpleBlogFormValues,
  type GenerateSimpleBlogInput,
} from '../api/generate-simple-blog';
import {
  blogMessages,
  generatedBlogBody,
  generatedDraftSchema,
  type GeneratedDraftValues,
  type GeneratedRequest,
} from '../blog-management-forms';
import { failureDetail } from './failure-detail';
import { useCloseAfterSaved } from './use-close-after-saved';
import { useUnsavedInput } from '@/lib/unsaved-input';

type Mode = 'simple' | 'advanced';

interface Draft {
  mode: Mode;
  title: string;
  content: string;
  /** What an advanced draft was made from; saved with it. Null in simple mode. */
  request: GeneratedRequest | null;
  /** When the draft arrived: SPEC §7 saves generatedAt with a generated post. */
  generatedAt: string;
}

type Step = { name: 'request' } | { name: 'review'; draft: Draft } | { name: 'saved' };

const toneLabel = (tone: BlogTone) => tone.charAt(0).toUpperCase() + tone.slice(1);
const toneOptions = blogTones.map((tone) => ({ value: tone, label: toneLabel(tone) }));

/**
 * 'Generate with AI' and its modal (SUPER_ADMIN, SPEC §4): describe the post in simple or advanced
 * mode, generate, review and edit the draft, save. The flow lives inside the dialog's content, so
 * closing the modal discards it and the next opening starts afresh.
 */
export function BlogGenerationModal() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      closeOnOutsideClick={false}
      trigger={
        <Button variant="secondary">
          <Sparkles aria-hidden className="size-4" />
          Generate with AI
        </Button>
      }
      title="Generate a blog with AI"
      description="Describe the post, review the draft the AI writes, then save it."
    >
      <GenerationFlow onClose={() => setOpen(false)} />
    </Dialog>
  );
}

function GenerationFlow({ onClose }: { onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('simple');
  const [step, setStep] = useState<Step>({ name: 'request' });
  useCloseAfterSaved(step.name === 'saved', onClose);

  // Both forms live here, above the steps, so 'Back' from a draft finds the request as it was.
  const simpleForm = useForm<GenerateSimpleBlogFormValues, unknown, GenerateSimpleBlogInput>({
    resolver: zodResolver(generateSimpleBlogInputSchema),
    defaultValues: { prompt: '' },
  });
  const advancedForm = useForm<GenerateBlogFormValues, unknown, GenerateBlogInput>({
    resolver: zodResolver(generateBlogInputSchema),
    defaultValues: { title: '', category: '', summary: '', tone: 'informative', keywords: '' },
  });
  // A generated draft under review is unsaved work too, even before it is edited.
  useUnsavedInput(
    step.name === 'review' ||
      (step.name === 'request' && (simpleForm.formState.isDirty || advancedForm.formState.isDirty)),
  );
  const generateSimple = useGenerateSimpleBlog();
  const generateAdvanced = useGenerateBlog();
  const generation = mode === 'simple' ? generateSimple : generateAdvanced;

  if (step.name === 'saved')
    return (
      <>
        <Alert tone="success">{blogMessages.saved}</Alert>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </DialogFooter>
      </>
    );

  if (step.name === 'review')
    return (
      <DraftReview
        draft={step.draft}
        onBack={() => setStep({ name: 'request' })}
        onSaved={() => setStep({ name: 'saved' })}
      />
    );

  const review = (draft: Omit<Draft, 'generatedAt'>) =>
    setStep({ name: 'review', draft: { ...draft, generatedAt: new Date().toISOString() } });

  const onSimple = simpleForm.handleSubmit((input) =>
    generateSimple.mutate(input, {
      onSuccess: ({ title, content }) => review({ mode, title: title ?? '', content, request: null }),
    }),
  );
  const onAdvanced = advancedForm.handleSubmit((input) =>
    generateAdvanced.mutate(input, {
      onSuccess: ({ title, content, ...request }) => review({ mode, title, content, request }),
    }),
  );

  const pending = generation.isPending;
  const detail = generation.isError ? failureDetail(generation.error) : null;
  const simpleErrors = simpleForm.formState.errors;
  const advancedErrors = advancedForm.formState.errors;

  return (
    <form noValidate onSubmit={mode === 'simple' ? onSimple : onAdvanced} className="flex flex-col gap-4">
      <ModePicker mode={mode} onChange={setMode} disabled={pending} />
      {/* Disabled while generating: the draft answers the request as it was sent. */}
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-4">
        {mode === 'simple' ? (
          <TextAreaField
            label="Description"
            rows={5}
            placeholder="What should the post be about? Who is it for?"
            error={simpleErrors.prompt?.message}
            data-autofocus
            {...simpleForm.register('prompt')}
          />
        ) : (
          <>
            <Field
              label="Title"
              error={advancedErrors.title?.message}
              data-autofocus
              {...advancedForm.register('title')}
            />
            <Field
              label="Category"
              placeholder="e.g. Fundraising"
              error={advancedErrors.category?.message}
              {...advancedForm.register('category')}
            />
            <TextAreaField
              label="Summary"
              rows={3}
              error={advancedErrors.summary?.message}
              {...advancedForm.register('summary')}
            />
            <SelectField label="Tone" error={advancedErrors.tone?.message} {...advancedForm.register('tone')}>
              {toneOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
            <Field
              label="Keywords"
              hint="Separate keywords with commas."
              error={advancedErrors.keywords?.message}
              {...advancedForm.register('keywords')}
            />
          </>
        )}
      </fieldset>
      {generation.isError && (
        <Alert tone="error">
          {blogMessages.generateFailed}
          {detail && <span className="mt-1 block">{detail}</span>}
        </Alert>
      )}
      {/* Always in the page, so screen readers hear the text when it appears. */}
      <p role="status" className="text-sm text-slate-600 empty:hidden dark:text-slate-300">
        {pending ? 'Writing your draft. This can take up to a minute...' : ''}
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" pending={pending} pendingLabel="Generating...">
          <Sparkles aria-hidden className="size-4" />
          Generate
        </Button>
      </DialogFooter>
    </form>
  );
}

const modes: Array<{ value: Mode; label: string; hint: string }> = [
  { value: 'simple', label: 'Simple', hint: 'Describe the post in your own words; the AI suggests a title.' },
  { value: 'advanced', label: 'Advanced', hint: 'Set the title, summary, tone and keywords yourself.' },
];

function ModePicker({
  mode,
  onChange,
  disabled,
}: {
  mode: Mode;
  onChange: (mode: Mode) => void;
  disabled: boolean;
}) {
  const name = useId();
  // The hint sits outside the labels: in them it would become part of each radio's name.
  return (
    <Fieldset variant="group" legend="Mode" disabled={disabled}>
      <div className="grid grid-cols-2 gap-2">
        {modes.map((m) => (
          <label
            key={m.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              mode === m.value
                ? 'border-brand-600 bg-brand-50 text-brand-800 dark:bg-brand-800/30 dark:text-brand-100'
                : 'border-slate-300 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={m.value}
              checked={mode === m.value}
              onChange={() => onChange(m.value)}
              className="sr-only"
            />
            {m.label}
          </label>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {modes.find((m) => m.value === mode)?.hint}
      </p>
    </Fieldset>
  );
}

function DraftReview({ draft, onBack, onSaved }: { draft: Draft; onBack: () => void; onSaved: () => void }) {
  const create = useCreateBlog();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<GeneratedDraftValues>({
    resolver: zodResolver(generatedDraftSchema),
    defaultValues: { title: draft.title, content: draft.content },
  });

  // The Generate button is gone: put focus where the review starts, on the editable title.
  useEffect(() => setFocus('title'), [setFocus]);

  const onSave = handleSubmit((values) =>
    create.mutate(generatedBlogBody(values, draft.request, draft.generatedAt), {
      onSuccess: onSaved,
      onError: (error) => {
        // The failure itself is told in the alert below; field messages go on their inputs.
        applyServerError(error, setError, ['title', 'content']);
      },
    }),
  );

  const pending = create.isPending;
  const detail = create.isError ? failureDetail(create.error) : null;
  const request = draft.request;

  return (
    <form noValidate onSubmit={onSave} className="flex flex-col gap-4">
      <div>
        <h3 className="text-base font-semibold">Review the draft</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Nothing is saved yet. Edit the title and the text (Markdown) as you like, then save.
        </p>
      </div>
      {request && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {request.category && (
            <>
              <dt className="font-medium">Category</dt>
              <dd>{request.category}</dd>
            </>
          )}
          <dt className="font-medium">Tone</dt>
          <dd>{toneLabel(request.tone)}</dd>
          {request.keywords && (
            <>
              <dt className="font-medium">Keywords</dt>
              <dd className="break-words">{request.keywords}</dd>
            </>
          )}
        </dl>
      )}
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-4">
        <Field label="Title" error={errors.title?.message} {...register('title')} />
        <TextAreaField label="Content" rows={10} error={errors.content?.message} {...register('content')} />
      </fieldset>
      {create.isError && (
        <Alert tone="error">
          {blogMessages.saveFailed}
          {detail && <span className="mt-1 block">{detail}</span>}
        </Alert>
      )}
      <p role="status" className="text-sm text-slate-600 empty:hidden dark:text-slate-300">
        {pending ? 'Saving your blog...' : ''}
      </p>
      <DialogFooter>
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button type="submit" pending={pending} pendingLabel="Saving...">
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
