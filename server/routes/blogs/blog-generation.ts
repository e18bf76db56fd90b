import type { z } from 'zod';
import type { generateBlogBody } from '../../../contract/blogs';
import type { ChatMessage } from '../../services/ai';

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const style =
  'You write blog posts for nonprofit organisations and NGOs: practical, warm and concrete, for readers ' +
  'who run programmes, raise funds or volunteer. Answer with the article in Markdown only: no preamble, ' +
  'no closing remarks, no code fences. Use "##" section headings, short paragraphs and lists where they ' +
  'help. Aim for 500 to 800 words.';

/** Advanced mode of blog generation: the user's title, category, summary, tone and keywords. */
export function advancedBlogMessages(body: z.output<typeof generateBlogBody>): ChatMessage[] {
  const lines = [
    'Write a blog post with these details.',
    `Title: ${oneLine(body.title)}`,
    body.category && `Category: ${oneLine(body.category)}`,
    `Summary: ${oneLine(body.summary)}`,
    `Tone: ${body.tone}`,
    body.keywords && `Keywords: ${oneLine(body.keywords)}`,
  ].filter(Boolean);
  return [
    {
      role: 'system',
      content: `${style} Do not repeat the title as a heading: it is shown above the article.`,
    },
    { role: 'user', content: lines.join('\n') },
  ];
}

/** Simple mode of blog generation: one free description, from which the model also proposes a title. */
export function simpleBlogMessages(prompt: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `${style} Start with one line "# <title>" giving the post a short title.`,
    },
    { role: 'user', content: `Write a blog post about the following.\n\n${prompt}` },
  ];
}

/**
 * Model output → the Markdown to store, plus the title from a leading "# " heading if there is one.
 * Models sometimes wrap the whole answer in a ```markdown fence despite being asked not to.
 */
export function splitGeneratedMarkdown(raw: string): { title?: string; content: string } {
  let text = raw.trim();
  const fenced = text.match(/^```[\w-]*\n([\s\S]*?)\n```$/);
  if (fenced?.[1] !== undefined) text = fenced[1].trim();
  const heading = text.match(/^#[ \t]+(.+?)[ \t#]*(?:\n|$)/);
  if (!heading?.[1]) return { content: text };
  const rest = text.slice(heading[0].length).trim();
  // A heading with nothing under it is the article, not a title.
  if (!rest) return { content: text };
  return { title: heading[1].replace(/[*_`]/g, '').trim(), content: rest };
}
