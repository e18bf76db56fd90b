import { useEffect } from 'react';

/**
 * Which forms on the page hold input that is not saved yet. The update flow (lib/pwa.ts) never
 * reloads the page while one does: it waits until the input is sent or cleared.
 */
const holders = new Set<symbol>();
const listeners = new Set<() => void>();

export function hasUnsavedInput(): boolean {
  return holders.size > 0;
}

/** Marks (or clears) one holder's unsaved input; `id` is any symbol the caller keeps. */
export function setUnsavedInput(id: symbol, dirty: boolean): void {
  const had = holders.has(id);
  if (dirty === had) return;
  if (dirty) holders.add(id);
  else holders.delete(id);
  listeners.forEach((l) => l());
}

export function subscribeUnsavedInput(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Resolves at once when nothing is unsaved, else as soon as the last holder is saved or cleared. */
export function whenNoUnsavedInput(): Promise<void> {
  if (!hasUnsavedInput()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = subscribeUnsavedInput(() => {
      if (hasUnsavedInput()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * For a form: `useUnsavedInput(formState.isDirty)`. While true, the page is not reloaded for an
 * update; unmounting the form (navigating away) counts as cleared.
 */
export function useUnsavedInput(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const id = Symbol('unsaved-input');
    setUnsavedInput(id, true);
    return () => setUnsavedInput(id, false);
  }, [isDirty]);
}
