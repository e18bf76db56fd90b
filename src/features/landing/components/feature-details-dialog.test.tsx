import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { features } from '@/config/marketing-content';
import { renderWithRouter } from '@/testing/render-with-router';
import { ServicesSection } from './services-section';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ServicesSection', () => {
  it('shows the nine feature cards, each with its Learn more button', async () => {
    await renderWithRouter(<ServicesSection />);
    const section = screen.getByRole('region', { name: 'Everything your organisation needs' });
    expect(section).toHaveAttribute('id', 'services');
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(features.map((f) => f.title));
    expect(within(section).getAllByRole('button', { name: /^Learn more/ })).toHaveLength(9);
  });

  it('opens a feature dialog with the keyboard, closes it with Escape and returns focus', async () => {
    const { user } = await renderWithRouter(<ServicesSection />);
    const feature = features[1]!;
    const trigger = screen.getByRole('button', { name: `Learn more about ${feature.title}` });

    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: feature.title });
    for (const paragraph of feature.details) expect(within(dialog).getByText(paragraph)).toBeInTheDocument();
    // Focus is inside the dialog (trapped there by Radix).
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('closes with the Close button, reached by Tab', async () => {
    const { user } = await renderWithRouter(<ServicesSection />);
    const trigger = screen.getByRole('button', { name: 'Learn more about Data Collection' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Data Collection' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // Tab cycles inside the dialog until it reaches Close.
    for (let i = 0; i < 3 && document.activeElement !== close; i++) await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });
});
