import type { CreateBlogBody, GeneratedBlog } from '@contract/blogs';
import { isHttpUrl } from '@contract/content-common';
import { z } from 'zod';

/** The wording of SPEC §5 and §8, in one place for the screens and their tests. */
export const blogMessages = {
  saved: 'Blog saved successfully!',
  saveFailed: 'Failed to save blog.',
  generateFailed: 'Failed to generate blog. Please try again.',
  pasteRequired: 'Title and blog content are required.',
  newRequired: 'Title, summary, and content are required.',
  postFailed: 'Failed to post blog. Please check your input and try again.',
  imageUrl: 'Image URL must be a web address starting with http:// or https://.',
  deleteConfirm: 'Are you sure you want to delete this blog?',
} as const;

/** SPEC §9: a saved modal closes this long after 'Blog saved successfully!' appears. */
export const SAVED_MODAL_CLOSE_MS = 1200;

const blank = (v: string) => v.trim() === '';

/**
 * One message for several missing fields (SPEC §5), put on each missing field so each is marked
 * invalid; the form shows the message once.
 */
function requireAll<T extends Record<string, string>>(names: Array<keyof T & string>, message: string) {
  return (values: T, ctx: z.RefinementCtx) => {
    for (const name of names) {
      if (blank(values[name] ?? '')) ctx.addIssue({ code: 'custom', path: [name], message });
    }
  };
}

export const pasteBlogFormSchema = z
  .object({ title: z.string(), category: z.string(), content: z.string() })
  .superRefine(requireAll(['title', 'content'], blogMessages.pasteRequired));
export type PasteBlogFormValues = z.input<typeof pasteBlogFormSchema>;

export const newBlogFormSchema = z
  .object({
    title: z.string(),
    category: z.string(),
    summary: z.string(),
    content: z.string(),
    imageUrl: z.string().refine((v) => blank(v) || isHttpUrl(v.trim()), blogMessages.imageUrl),
    postDate: z.string().refine((v) => blank(v) || z.iso.date().safeParse(v).success, {
      message: 'Post date must be a valid date.',
    }),
  })
  .superRefine(requireAll(['title', 'summary', 'content'], blogMessages.newRequired));
export type NewBlogFormValues = z.input<typeof newBlogFormSchema>;

/** The reviewed draft: the title is the user's to set in simple mode, where the model may give none. */
export const generatedDraftSchema = z.object({
  title: z.string().trim().min(1, 'Title is required.'),
  content: z.string().refine((v) => !blank(v), 'Content is required.'),
});
export type GeneratedDraftValues = z.input<typeof generatedDraftSchema>;

/**
 * Today as the user's calendar sees it (YYYY-MM-DD). Sent as the post date rather than left to the
 * server, whose 'today' is the UTC day: in Kigali just after midnight that would still be yesterday.
 */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** SPEC §7, pasted blog: title, category, content, source 'manual', postDate. */
export function pastedBlogBody(values: PasteBlogFormValues, now = new Date()): CreateBlogBody {
  return {
    title: values.title.trim(),
    category: values.category.trim(),
    content: values.content,
    source: 'manual',
    postDate: localToday(now),
  };
}

/**
 * SPEC §7, new-blog form: the form fields plus postDate (blank = today), imageUrl (blank = the
 * default image, sent as null), source 'manual' and createdAt (the server keeps its own clock's).
 */
export function newBlogBody(values: NewBlogFormValues, now = new Date()): CreateBlogBody {
  return {
    title: values.title.trim(),
    category: values.category.trim(),
    summary: values.summary.trim(),
    content: values.content,
    imageUrl: values.imageUrl.trim() || null,
    postDate: values.postDate || localToday(now),
    source: 'manual',
    createdAt: now.toISOString(),
  };
}

/** What an advanced-mode draft was generated from, saved with it. */
export type GeneratedRequest = Pick<GeneratedBlog, 'category' | 'summary' | 'tone' | 'keywords'>;

/**
 * SPEC §7, generated blog: title, category, summary, tone, keywords, content, source 'generated',
 * generatedAt. A simple-mode draft has no category, summary, tone or keywords to send.
 */
export function generatedBlogBody(
  draft: GeneratedDraftValues,
  request: GeneratedRequest | null,
  generatedAt: string,
): CreateBlogBody {
  return {
    title: draft.title.trim(),
    content: draft.content,
    ...(request && {
      category: request.category,
      summary: request.summary,
      tone: request.tone,
      keywords: request.keywords,
    }),
    source: 'generated',
    generatedAt,
  };
}
