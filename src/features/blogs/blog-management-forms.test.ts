import { describe, expect, it } from 'vitest';
import {
  blogMessages,
  generatedBlogBody,
  localToday,
  newBlogBody,
  newBlogFormSchema,
  pastedBlogBody,
  pasteBlogFormSchema,
} from './blog-management-forms';

const issues = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('blog management forms', () => {
  it('localToday is the local calendar day', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('paste: a blank title or content gets the one message on each missing field', () => {
    expect(issues(pasteBlogFormSchema.safeParse({ title: ' ', category: '', content: '' }))).toEqual([
      ['title', blogMessages.pasteRequired],
      ['content', blogMessages.pasteRequired],
    ]);
    expect(pasteBlogFormSchema.safeParse({ title: 'T', category: '', content: 'C' }).success).toBe(true);
  });

  it('new blog: the one message for title, summary and content; a URL or nothing for the image', () => {
    const empty = { title: '', category: '', summary: '', content: '', imageUrl: '', postDate: '' };
    expect(issues(newBlogFormSchema.safeParse(empty))).toEqual([
      ['title', blogMessages.newRequired],
      ['summary', blogMessages.newRequired],
      ['content', blogMessages.newRequired],
    ]);
    const filled = { ...empty, title: 'T', summary: 'S', content: 'C' };
    expect(newBlogFormSchema.safeParse(filled).success).toBe(true);
    expect(issues(newBlogFormSchema.safeParse({ ...filled, imageUrl: 'ftp://x.org/a.png' }))).toEqual([
      ['imageUrl', blogMessages.imageUrl],
    ]);
    expect(newBlogFormSchema.safeParse({ ...filled, imageUrl: 'https://x.org/a.png' }).success).toBe(true);
  });

  it('builds the three POST /blogs shapes of SPEC §7', () => {
    const now = new Date(2026, 2, 1, 12, 0);
    expect(pastedBlogBody({ title: ' T ', category: ' C ', content: 'Body' }, now)).toEqual({
      title: 'T',
      category: 'C',
      content: 'Body',
      source: 'manual',
      postDate: '2026-03-01',
    });
    expect(
      newBlogBody(
        { title: 'T', category: '', summary: 'S', content: 'Body', imageUrl: ' ', postDate: '' },
        now,
      ),
    ).toEqual({
      title: 'T',
      category: '',
      summary: 'S',
      content: 'Body',
      imageUrl: null,
      postDate: '2026-03-01',
      source: 'manual',
      createdAt: now.toISOString(),
    });
    expect(
      generatedBlogBody(
        { title: 'T', content: 'Body' },
        { category: 'C', summary: 'S', tone: 'formal', keywords: 'a, b' },
        '2026-03-01T10:00:00.000Z',
      ),
    ).toEqual({
      title: 'T',
      content: 'Body',
      category: 'C',
      summary: 'S',
      tone: 'formal',
      keywords: 'a, b',
      source: 'generated',
      generatedAt: '2026-03-01T10:00:00.000Z',
    });
  });
});
