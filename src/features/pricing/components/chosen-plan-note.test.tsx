import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChosenPlanNote } from './chosen-plan-note';

describe('ChosenPlanNote', () => {
  it('tells a new organisation how to pay for the paid plan it chose', () => {
    render(<ChosenPlanNote planId="impact" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You chose NGO Impact ($99 / month). Your organisation starts on NGO Starter, free.',
    );
  });

  it('says nothing for the free plan, an unknown plan or none', () => {
    for (const planId of ['starter', 'platinum', undefined]) {
      const { container, unmount } = render(<ChosenPlanNote planId={planId} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
