import type { DownloadProgress } from './api/download-export';

/*
 * The export's progress in words: what has arrived, of how much when the server said, and how long
 * the rest should take at the speed so far.
 */

const units = ['bytes', 'KB', 'MB', 'GB'] as const;

/** 1,234,567 bytes → '1.2 MB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(undefined, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** Seconds → 'about 5 seconds', 'about 2 minutes'. */
export function formatDuration(seconds: number): string {
  if (seconds < 1.5) return 'about 1 second';
  if (seconds < 60) return `about ${Math.round(seconds)} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'about 1 hour' : `about ${hours} hours`;
}

/** The share of the file arrived, 0 to 100; undefined while the size is unknown. */
export const percentOf = (p: DownloadProgress) =>
  p.total ? Math.min(100, Math.floor((p.received / p.total) * 100)) : undefined;

/** '1.2 MB of 4.8 MB · about 8 seconds left', or '1.2 MB received' while the size is unknown. */
export function progressText(p: DownloadProgress): string {
  if (!p.total) return `${formatBytes(p.received)} received`;
  const left = p.speed > 0 ? ` · ${formatDuration((p.total - p.received) / p.speed)} left` : '';
  return `${formatBytes(p.received)} of ${formatBytes(p.total)}${p.received < p.total ? left : ''}`;
}
