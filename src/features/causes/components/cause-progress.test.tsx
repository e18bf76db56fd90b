import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money';
import { CauseProgress } from './cause-progress';

describe('CauseProgress', () => {
  it('is a labelled progress bar of raised against goal, with the donor count', () => {
    render(<CauseProgress raisedMinor={125_000} goalMinor={500_000} currency="RWF" donorCount={3} />);
    const bar = screen.getByRole('progressbar');
    const [raised, goal] = [formatMoney(125_000, 'RWF'), formatMoney(500_000, 'RWF')];
    expect(raised).toMatch(/^RWF\s125,000$/);
    expect(bar).toHaveAccessibleName(`${raised} raised of ${goal}`);
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', `${raised} raised of ${goal} (25%)`);
    expect(screen.getByTestId('donor-count')).toHaveTextContent('3 donors');
  });

  it('caps the bar at full while showing the real percentage', () => {
    render(<CauseProgress raisedMinor={15_000} goalMinor={10_000} currency="USD" donorCount={1} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '$150 raised of $100 (150%)');
    expect(screen.getByText('1 donor')).toBeInTheDocument();
  });
});
