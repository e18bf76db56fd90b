import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardPaste } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { applyServerError } from '@/lib/form-errors';
import { useCreateBlog } from '../api/create-blog';
import {
  blogMessages,
  pastedBlogBody,
  pasteBlogFormSchema,
  type PasteBlogFormValues,
} from '../blog-management-forms';
import { failureDetail } from './failure-detail';
import { useCloseAfterSaved } from './use-close-after-saved';
import { useUnsavedInput } from '@/lib/unsaved-input';

/**
 * 'Paste blog' and its modal (SUPER_ADMIN, SPEC §4): an article written elsewhere, saved as a
 * manual post dated today. Same steps as the generation modal without the generating.
 */
export function PasteBlogModal() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      closeOnOutsideClick={false}
      trigger={
        <Button variant="secondary">
          <ClipboardPaste aria-hidden className="size-4" />
          Paste blog
        </Button>
      }
      title="Paste a blog"
      description="Paste an article written elsewhere. It is published today as a manual post."
    >
      <PasteBlogForm onClose={() => setOpen(false)} />
    </Dialog>
  );
}

const emptyForm: PasteBlogFormValues = { title: '', category: '', content: '' };

function PasteBlogForm({ onClose }: { onClose: () => void }) {
  const create = useCreateBlog();
  const [saved, setSaved] = useState(false);
  useCloseAfterSaved(saved, onClose);
  const requiredId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<PasteBlogFormValues>({ resolver: zodResolver(pasteBlogFormSchema), defaultValues: emptyForm });
  useUnsavedInput(isDirty && !saved);

  if (saved)
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

  const onSave = handleSubmit((values) =>
    create.mutate(pastedBlogBody(values), {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        // The failure itself is told in the alert below; field messages go on their inputs.
        applyServerError(error, setError, ['title', 'category', 'content']);
      },
    }),
  );

  // SPEC §5 gives one message for a missing title or content: shown once, both fields marked.
  const missing = [errors.title, errors.content].some((e) => e?.message === blogMessages.pasteRequired);
  const own = (message: string | undefined) => (message === blogMessages.pasteRequired ? undefined : message);
  const pending = create.isPending;
  const detail = create.isError ? failureDetail(create.error) : null;

  return (
    <form noValidate onSubmit={onSave} className="flex flex-col gap-4">
      {missing && (
        <Alert tone="error">
          <span id={requiredId}>{blogMessages.pasteRequired}</span>
        </Alert>
      )}
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-4">
        <Field
          label="Title"
          error={own(errors.title?.message)}
          invalid={Boolean(errors.title)}
          describedBy={errors.title && missing ? requiredId : undefined}
          {...register('title')}
        />
        <Field
          label="Category"
          placeholder="e.g. Volunteering"
          error={errors.category?.message}
          {...register('category')}
        />
        <TextAreaField
          label="Content"
          rows={10}
          hint="Markdown is welcome: ## headings, lists, links."
          error={own(errors.content?.message)}
          invalid={Boolean(errors.content)}
          describedBy={errors.content && missing ? requiredId : undefined}
          {...register('content')}
        />
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
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" pending={pending} pendingLabel="Saving...">
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
