import { useMemo } from 'react';
import { renderMarkdown } from '../render-markdown';

/**
 * Typography for rendered Markdown, without a plugin: the content's own headings, lists, quotes,
 * code and tables, readable in both themes and on a phone (long words and tables never overflow).
 */
const contentClass = [
  'flex flex-col gap-4 text-base leading-relaxed text-slate-800 break-words dark:text-slate-200',
  '[&_h1]:mt-4 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold',
  '[&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-100',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm dark:[&_code]:bg-slate-800',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-4 dark:[&_pre]:bg-slate-800',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2',
  '[&_th]:border [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left dark:[&_td]:border-slate-700 dark:[&_th]:border-slate-700',
  '[&_hr]:border-slate-200 dark:[&_hr]:border-slate-800',
].join(' ');

/** A post's Markdown as sanitised HTML. Loaded lazily with its renderer (marked and DOMPurify). */
export default function BlogMarkdown({ markdown }: { markdown: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  // Safe by construction: renderMarkdown keeps only inert markup (render-markdown.ts).
  return (
    <div data-testid="blog-content" className={contentClass} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
