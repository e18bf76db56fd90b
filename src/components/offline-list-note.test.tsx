import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineListNote } from './offline-list-note';

describe('OfflineListNote', () => {
  it('says when the results shown were saved', () => {
    render(<OfflineListNote savedAt={Date.now() - 5 * 60_000} />);
    expect(screen.getByTestId('saved-results')).toHaveTextContent(/^Offline: showing results saved /);
  });

  it('says that nothing is saved yet, so an empty list is not read as "none"', () => {
    render(<OfflineListNote savedAt={undefined} />);
    expect(screen.getByTestId('saved-results')).toHaveTextContent(
      'Offline: nothing of this list is saved on this device yet. It loads when you are back online.',
    );
  });
});
