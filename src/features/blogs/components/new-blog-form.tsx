import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useOffline } from '@/lib/connectivity';
import { applyServerError, serverError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { displayName, getStoredUser } from '@/lib/session';
import { useCreateBlog } from '../api/create-blog';
import {
  blogMessages,
  newBlogBody,
  newBlogFormSchema,
  type NewBlogFormValues,
} from '../blog-management-forms';
import { useUnsavedInput } from '@/lib/unsaved-input';

const formFields = ['title', 'category', 'summary', 'content', 'imageUrl', 'postDate'] as const;
type FormField = (typeof formFields)[number];

const emptyForm: NewBlogFormValues = {
  title: '',
  category: '',
  summary: '',
  content: '',
  imageUrl: '',
  postDate: '',
};

/** The add-blog form of /blogs/new (SUPER_ADMIN): a manual post; after saving it goes to /blogs. */
export function NewBlogForm() {
  const create = useCreateBlog();
  const offline = useOffline();
  const navigate = useNavigate();
  const requiredId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<NewBlogFormValues>({ resolver: zodResolver(newBlogFormSchema), defaultValues: emptyForm });
  useUnsavedInput(isDirty);

  const onValid = (values: NewBlogFormValues) => {
    setFailure(null);
    create.mutate(newBlogBody(values), {
      onSuccess: () => {
        notify.success(blogMessages.saved);
        void navigate({ to: '/blogs' });
      },
      onError: (error) => {
        applyServerError(error, setError, formFields);
        // SPEC §8: the alert shows the server's message when it gave one, else 'Failed to post blog. …'.
        setFailure(serverError(error)?.message || blogMessages.postFailed);
      },
    });
  };

  // SPEC §5 gives one message for any missing title, summary or content: shown once, fields marked.
  const missing = [errors.title, errors.summary, errors.content].some(
    (e) => e?.message === blogMessages.newRequired,
  );
  const field = (name: FormField) => {
    const message = errors[name]?.message;
    const shared = message === blogMessages.newRequired;
    return {
      error: shared ? undefined : message,
      invalid: Boolean(message),
      describedBy: shared ? requiredId : undefined,
    };
  };
  const pending = create.isPending;

  return (
    <Card className="flex flex-col gap-4">
      <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
        {missing && (
          <Alert tone="error">
            <span id={requiredId}>{blogMessages.newRequired}</span>
          </Alert>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        <fieldset disabled={pending} className="flex min-w-0 flex-col gap-4">
          <Field label="Title" {...field('title')} {...register('title')} />
          <Field
            label="Category"
            placeholder="e.g. Fundraising"
            {...field('category')}
            {...register('category')}
          />
          <TextAreaField
            label="Summary"
            rows={3}
            hint="One or two sentences shown on the blog cards."
            {...field('summary')}
            {...register('summary')}
          />
          <TextAreaField
            label="Content"
            rows={10}
            hint="Markdown is welcome: ## headings, lists, links."
            {...field('content')}
            {...register('content')}
          />
          <Field
            label="Image URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            hint="Leave blank to use the default blog image."
            {...field('imageUrl')}
            {...register('imageUrl')}
          />
          <Field
            label="Post date"
            type="date"
            hint="Leave blank to publish it today."
            className="sm:max-w-56"
            {...field('postDate')}
            {...register('postDate')}
          />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Author: <span className="font-medium">{displayName(getStoredUser())}</span> (your account)
          </p>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/blogs" className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button
            type="submit"
            disabled={offline}
            aria-describedby={offline ? 'new-blog-offline' : undefined}
            pending={pending}
            pendingLabel="Posting..."
          >
            Post blog
          </Button>
        </div>
        {offline && (
          <NeedsNetworkNote id="new-blog-offline" className="text-right">
            Posting needs a connection. Your text stays here until you are back online.
          </NeedsNetworkNote>
        )}
      </form>
    </Card>
  );
}
