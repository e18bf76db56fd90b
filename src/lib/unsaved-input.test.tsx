import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasUnsavedInput, setUnsavedInput, useUnsavedInput, whenNoUnsavedInput } from './unsaved-input';

function Form({ dirty }: { dirty: boolean }) {
  useUnsavedInput(dirty);
  return null;
}

describe('unsaved input', () => {
  it('counts a form while it is dirty, and clears it when saved or unmounted', () => {
    const { rerender, unmount } = render(<Form dirty={false} />);
    expect(hasUnsavedInput()).toBe(false);
    rerender(<Form dirty />);
    expect(hasUnsavedInput()).toBe(true);
    rerender(<Form dirty={false} />);
    expect(hasUnsavedInput()).toBe(false);
    rerender(<Form dirty />);
    unmount();
    expect(hasUnsavedInput()).toBe(false);
  });

  it('waits for the last holder', async () => {
    await expect(whenNoUnsavedInput()).resolves.toBeUndefined();
    const a = Symbol('a');
    const b = Symbol('b');
    setUnsavedInput(a, true);
    setUnsavedInput(b, true);
    let done = false;
    const waiting = whenNoUnsavedInput().then(() => (done = true));
    setUnsavedInput(a, false);
    await Promise.resolve();
    expect(done).toBe(false);
    setUnsavedInput(b, false);
    await waiting;
    expect(done).toBe(true);
  });
});
