import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TicketFilters } from './ticket-filters';

describe('TicketFilters', () => {
  it('folds the selects behind Filters on a phone, saying how many are set', async () => {
    const onChange = vi.fn();
    render(
      <TicketFilters
        filter={{ status: 'open', priority: 'high' }}
        q=""
        onQ={() => {}}
        onSubmit={() => {}}
        onChange={onChange}
        agent
        queue={false}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const selects = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(selects).toContainElement(screen.getByLabelText('Status'));
    expect(selects).toContainElement(screen.getByLabelText('Only tickets I asked'));
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'feature');
    expect(onChange).toHaveBeenCalledWith({ category: 'feature' });
  });

  it('says Filters alone when none is set', () => {
    render(
      <TicketFilters
        filter={{}}
        q=""
        onQ={() => {}}
        onSubmit={() => {}}
        onChange={() => {}}
        agent={false}
        queue={false}
      />,
    );
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Assigned to')).toBeNull();
  });
});
