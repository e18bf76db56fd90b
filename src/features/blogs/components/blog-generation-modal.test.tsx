import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { blogsQueryKeys } from '../api/get-blogs';
import { BlogGenerationModal } from './blog-generation-modal';

afterEach(() => {
  vi.restoreAllMocks();
});

const savedBlog = {
  id: '01JSAVED',
  title: 'Saved',
  category: '',
  summary: '',
  content: 'x',
  imageUrl: null,
  author: 'Sam Super',
  postDate: '2026-03-01',
  source: 'generated',
  createdAt: '2026-03-01T10:00:00.000Z',
  generatedAt: '2026-03-01T10:00:00.000Z',
  tone: null,
  keywords: null,
};

const advancedDraft = {
  title: 'Clean water for Kigali schools',
  category: 'Health',
  summary: 'How we brought filters to 12 schools.',
  tone: 'inspirational',
  keywords: 'water, schools',
  content: 'This inspirational article is about: filters.\n\n## Why it matters',
};

/** A response the test releases when it has looked at the pending state. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

async function openModal() {
  const rendered = await renderWithRouter(<BlogGenerationModal />, { path: '/blogs' });
  await rendered.user.click(screen.getByRole('button', { name: 'Generate with AI' }));
  const dialog = await screen.findByRole('dialog', { name: 'Generate a blog with AI' });
  return { ...rendered, dialog };
}

describe('BlogGenerationModal', () => {
  it('opens on the simple mode with the description focused, and closes with Escape', async () => {
    const { user: u, dialog } = await openModal();
    expect(within(dialog).getByRole('radio', { name: 'Simple' })).toBeChecked();
    expect(within(dialog).getByLabelText('Description')).toHaveFocus();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Generate with AI' })).toHaveFocus();
  });

  it('asks for a description in simple mode and for a title and summary in advanced mode', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    const { user: u, dialog } = await openModal();

    await u.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('Description is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');

    await u.click(within(dialog).getByRole('radio', { name: 'Advanced' }));
    for (const label of ['Title', 'Category', 'Summary', 'Tone', 'Keywords'])
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    const tone = within(dialog).getByLabelText('Tone');
    expect(tone).toHaveValue('informative');
    expect(
      within(tone)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['informative', 'inspirational', 'casual', 'formal']);

    await u.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Summary is required.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('advanced: generates, shows the editable draft, saves it as generated and closes 1.2 s after saving', async () => {
    const generation = deferred();
    const save = deferred();
    const { requests } = stubFetch((r: StubbedRequest) => {
      if (r.url === '/api/blogs/generate') return generation.promise;
      if (r.url === '/api/blogs' && r.method === 'POST') return save.promise;
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const { user: u, dialog, queryClient } = await openModal();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await u.click(within(dialog).getByRole('radio', { name: 'Advanced' }));
    await u.type(within(dialog).getByLabelText('Title'), advancedDraft.title);
    await u.type(within(dialog).getByLabelText('Category'), advancedDraft.category);
    await u.type(within(dialog).getByLabelText('Summary'), advancedDraft.summary);
    await u.selectOptions(within(dialog).getByLabelText('Tone'), 'inspirational');
    await u.type(within(dialog).getByLabelText('Keywords'), advancedDraft.keywords);
    await u.click(within(dialog).getByRole('button', { name: 'Generate' }));

    // Generating: the button is busy and the status says so.
    const busy = await within(dialog).findByRole('button', { name: 'Generating...' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Writing your draft/);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: {
        title: advancedDraft.title,
        category: advancedDraft.category,
        summary: advancedDraft.summary,
        tone: 'inspirational',
        keywords: advancedDraft.keywords,
      },
    });

    generation.release(jsonResponse(advancedDraft));
    await within(dialog).findByRole('heading', { name: 'Review the draft' });
    const title = within(dialog).getByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue(advancedDraft.title));
    expect(title).toHaveFocus();
    const content = within(dialog).getByLabelText('Content');
    expect(content.tagName).toBe('TEXTAREA');
    expect(Number(content.getAttribute('rows'))).toBeGreaterThanOrEqual(8);
    expect(Number(content.getAttribute('rows'))).toBeLessThanOrEqual(10);
    expect(content).toHaveValue(advancedDraft.content);
    expect(within(dialog).getByText('Inspirational')).toBeInTheDocument();

    await u.clear(title);
    await u.type(title, 'Filters for 12 schools');
    await u.type(content, '\n\nThank you to our donors.');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Posting.
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saving your blog...');
    const body = requests[1]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Filters for 12 schools',
      category: advancedDraft.category,
      summary: advancedDraft.summary,
      tone: 'inspirational',
      keywords: advancedDraft.keywords,
      content: `${advancedDraft.content}\n\nThank you to our donors.`,
      source: 'generated',
    });
    expect(new Date(body.generatedAt as string).toISOString()).toBe(body.generatedAt);

    save.release(jsonResponse(savedBlog, 201));
    expect(await within(dialog).findByText('Blog saved successfully!')).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: blogsQueryKeys.all });
    // Still open for a moment, so the message can be read; then it closes by itself.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('simple: sends the description as the prompt, offers the suggested title and requires one to save', async () => {
    const { requests } = stubFetch((r) => {
      if (r.url === '/api/blogs/generate-simple')
        return jsonResponse({ title: 'Volunteers in the rainy season', content: 'Rain or shine.' });
      return jsonResponse(savedBlog, 201);
    });
    const { user: u, dialog } = await openModal();

    await u.type(within(dialog).getByLabelText('Description'), '  Our volunteers in the rainy season ');
    await u.click(within(dialog).getByRole('button', { name: 'Generate' }));
    const title = await within(dialog).findByLabelText('Title');
    expect(requests[0]).toMatchObject({ body: { prompt: 'Our volunteers in the rainy season' } });
    expect(title).toHaveValue('Volunteers in the rainy season');
    expect(within(dialog).getByLabelText('Content')).toHaveValue('Rain or shine.');

    await u.clear(title);
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);

    await u.type(title, 'Rainy season');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Blog saved successfully!')).toBeInTheDocument();
    expect(requests[1]!.body).toEqual({
      title: 'Rainy season',
      content: 'Rain or shine.',
      source: 'generated',
      generatedAt: expect.any(String),
    });
  });

  it('goes back from the draft to the request as it was', async () => {
    stubFetch(() => jsonResponse({ content: 'Draft.' }));
    const { user: u, dialog } = await openModal();
    await u.type(within(dialog).getByLabelText('Description'), 'Harvest festival');
    await u.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await u.click(await within(dialog).findByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Harvest festival');
  });

  it("shows the spec's message when generation fails, with the server's reason when AI is not set up", async () => {
    const notConfigured =
      'AI features are not available: no AI provider is configured on this server (set AI_BASE_URL).';
    let status = 503;
    stubFetch(() =>
      jsonResponse(
        status === 503
          ? { message: notConfigured, code: 'ai_not_configured' }
          : { message: 'The AI provider did not answer. Please try again.', code: 'ai_provider_failed' },
        status,
      ),
    );
    const { user: u, dialog } = await openModal();
    await u.type(within(dialog).getByLabelText('Description'), 'Harvest festival');
    await u.click(within(dialog).getByRole('button', { name: 'Generate' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to generate blog. Please try again.');
    expect(alert).toHaveTextContent(notConfigured);
    // The request is kept for another try.
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Harvest festival');

    status = 502;
    await u.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        /^Failed to generate blog\. Please try again\.$/,
      ),
    );
  });

  it("shows 'Failed to save blog.' when saving the draft fails, and keeps the draft", async () => {
    stubFetch((r) =>
      r.url === '/api/blogs/generate-simple'
        ? jsonResponse({ title: 'Harvest', content: 'Draft.' })
        : jsonResponse({ message: 'Something went wrong.' }, 500),
    );
    const { user: u, dialog } = await openModal();
    await u.type(within(dialog).getByLabelText('Description'), 'Harvest festival');
    await u.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await u.click(await within(dialog).findByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to save blog\.$/);
    expect(within(dialog).getByLabelText('Content')).toHaveValue('Draft.');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
