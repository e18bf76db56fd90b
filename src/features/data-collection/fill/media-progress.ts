/*
 * The file being sent now, for the fill page's progress bar: written by the uploader (which loads
 * only when there is something to send), read by the page without loading it.
 */

export interface MediaProgress {
  key: string;
  name: string;
  sent: number;
  total: number;
  /** Bytes per second since this page started sending it. */
  speed: number;
}

let current: MediaProgress | null = null;
const listeners = new Set<() => void>();

export const mediaProgress = {
  get: () => current,
  set(next: MediaProgress | null) {
    current = next;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** 'about 2 min left' from what is left and the speed measured; '' before anything is measured. */
export function timeLeft(progress: MediaProgress): string {
  if (!(progress.speed > 0)) return '';
  const seconds = Math.ceil((progress.total - progress.sent) / progress.speed);
  if (seconds < 60) return `about ${seconds} s left`;
  return `about ${Math.ceil(seconds / 60)} min left`;
}
