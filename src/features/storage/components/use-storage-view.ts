import { useState } from 'react';

export type StorageView = 'list' | 'grid';

/** localStorage key of the user's last choice, so the screen opens the way it was left. */
export const STORAGE_VIEW_KEY = 'storage-view';

function storedView(): StorageView {
  try {
    return localStorage.getItem(STORAGE_VIEW_KEY) === 'grid' ? 'grid' : 'list';
  } catch {
    // Storage can be refused (a locked-down browser): the list is the default.
    return 'list';
  }
}

/** The list or grid view of the items, remembered on this device. */
export function useStorageView() {
  const [view, setView] = useState(storedView);
  const chooseView = (next: StorageView) => {
    setView(next);
    try {
      localStorage.setItem(STORAGE_VIEW_KEY, next);
    } catch {
      // Not remembered, but the choice holds for this visit.
    }
  };
  return [view, chooseView] as const;
}
