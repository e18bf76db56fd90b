import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { grantDetailFixture } from '../grants.fixture';
import { AddGrantForm } from './add-grant-form';

async function renderForm() {
  const onCreated = vi.fn();
  const result = await renderWithRouter(<AddGrantForm onCreated={onCreated} />, { path: '/grants/new' });
  return { ...result, onCreated };
}

describe('AddGrantForm', () => {
  it('shows the shared schema’s messages on the fields and sends nothing', async () => {
    const { requests } = stubFetch(() => jsonResponse(grantDetailFixture, 201));
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Image URL (optional)'), 'not a url');
    await user.type(screen.getByLabelText('Deadline (optional)'), '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Add grant' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Category is required.')).toBeInTheDocument();
    expect(screen.getByText('Donor agency is required.')).toBeInTheDocument();
    expect(screen.getByText('Grant size is required.')).toBeInTheDocument();
    expect(
      screen.getByText('Image URL must be a web address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('saves the grant, blanks as none, and hands the saved grant on', async () => {
    const { requests } = stubFetch(() => jsonResponse({ ...grantDetailFixture, id: 'new1' }, 201));
    const { user, onCreated } = await renderForm();
    await user.type(screen.getByLabelText('Title'), 'Clean Water for Rural Schools');
    await user.type(screen.getByLabelText('Donor agency'), 'Blue Planet Water Alliance');
    await user.type(screen.getByLabelText('Category'), 'Water & Sanitation');
    await user.type(screen.getByLabelText('Grant size'), '$10,000 - $50,000');
    await user.clear(screen.getByLabelText('Post date'));
    await user.type(screen.getByLabelText('Post date'), '2026-03-10');
    await user.type(screen.getByLabelText('Countries'), ' South Sudan ,Kenya,,');
    await user.click(screen.getByRole('button', { name: 'Add grant' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'new1' })));
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toBe('/api/grants');
    expect(requests[0]!.body).toEqual({
      title: 'Clean Water for Rural Schools',
      category: 'Water & Sanitation',
      donorAgency: 'Blue Planet Water Alliance',
      grantSize: '$10,000 - $50,000',
      postDate: '2026-03-10',
      deadlineDate: null,
      imageUrl: null,
      country: 'South Sudan, Kenya',
      areaOfInterest: '',
      description: '',
      eligibility: '',
      applicationUrl: null,
      sourceUrl: null,
    });
  });

  it('puts the server’s field messages on their fields', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'Some fields are invalid.',
          code: 'validation',
          fields: { deadlineDate: 'The deadline must be after the post date.' },
        },
        400,
      ),
    );
    const { user, onCreated } = await renderForm();
    for (const [label, value] of [
      ['Title', 'T'],
      ['Donor agency', 'D'],
      ['Category', 'C'],
      ['Grant size', 'S'],
    ] as const)
      await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Add grant' }));
    expect(await screen.findByText('The deadline must be after the post date.')).toBeInTheDocument();
    expect(screen.getByLabelText('Deadline (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('shows other refusals above the form', async () => {
    stubFetch(() =>
      jsonResponse({ message: 'You do not have permission to do this.', code: 'forbidden' }, 403),
    );
    const { user } = await renderForm();
    for (const label of ['Title', 'Donor agency', 'Category', 'Grant size'])
      await user.type(screen.getByLabelText(label), 'x');
    await user.click(screen.getByRole('button', { name: 'Add grant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  });
});
