import { screen } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render-with-router';
import { emptyCauseForm } from '../cause-form';
import { CauseForm } from './cause-form';

function renderForm(onSave = vi.fn()) {
  return renderWithRouter(
    <CauseForm
      defaultValues={emptyCauseForm()}
      submitLabel="Create cause"
      pendingLabel="Creating..."
      onSave={onSave}
      onSaved={vi.fn()}
    />,
    { path: '/causes/create' },
  );
}

describe('CauseForm', () => {
  it('shows inline messages and sends nothing while the form is invalid', async () => {
    const onSave = vi.fn();
    const { user } = await renderForm(onSave);
    await user.click(screen.getByRole('button', { name: 'Create cause' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Goal is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('validates a field when it is left', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Goal'), '12.5');
    await user.tab();
    expect(await screen.findByText('Goal must be a whole number in RWF.')).toBeInTheDocument();
  });

  it('sends the contract body in minor units with an idempotency key', async () => {
    const onSave = vi.fn().mockResolvedValue({ id: 'c1' });
    const { user } = await renderForm(onSave);
    await user.type(screen.getByLabelText('Title'), 'School meals');
    await user.type(screen.getByLabelText('Goal'), '250');
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    await user.type(screen.getByLabelText('Suggested amounts (optional)'), '10, 25');
    await user.click(screen.getByRole('radio', { name: /Published/ }));
    await user.click(screen.getByRole('button', { name: 'Create cause' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [body, key] = onSave.mock.calls[0]!;
    expect(body).toEqual({
      title: 'School meals',
      story: '',
      goalMinor: 25000,
      currency: 'USD',
      imageUrl: null,
      endDate: null,
      suggestedAmountsMinor: [1000, 2500],
      status: 'published',
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the server's field errors on their inputs", async () => {
    const error = new FetchError('Bad Request');
    Object.assign(error, {
      response: new Response(null, { status: 400 }),
      data: { message: 'Invalid', fields: { goalMinor: 'Goal is too large.' } },
    });
    const onSave = vi.fn().mockRejectedValue(error);
    const { user } = await renderForm(onSave);
    await user.type(screen.getByLabelText('Title'), 'School meals');
    await user.type(screen.getByLabelText('Goal'), '250');
    await user.click(screen.getByRole('button', { name: 'Create cause' }));
    expect(await screen.findByText('Goal is too large.')).toBeInTheDocument();
    expect(screen.getByLabelText('Goal')).toHaveFocus();
  });
  it('resends a failed save under the same key and gives the next save a new one', async () => {
    const lost = new FetchError('Network error');
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(lost)
      .mockResolvedValueOnce({ id: 'c1' })
      .mockResolvedValueOnce({ id: 'c1' });
    const { user } = await renderForm(onSave);
    await user.type(screen.getByLabelText('Title'), 'School meals');
    await user.type(screen.getByLabelText('Goal'), '250');
    const save = () => user.click(screen.getByRole('button', { name: 'Create cause' }));
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Check your connection');
    await save();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    await save();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(3));
    const keys = onSave.mock.calls.map((call) => call[1] as string);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
