import { FlaskConical } from 'lucide-react';
import { cn } from './cn';

export const TEST_MODE_BADGE_LABEL = 'Test mode payment: no real money moved';
export const TEST_MODE_NOTE = 'Test mode: no real money moved.';

// Opaque amber on both themes so the text contrast (≥ 7:1) does not depend on what the marker sits on.
const colours =
  'border border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';

/**
 * Marks a payment made through the test-mode simulator. `badge` (default) is a compact 'Test' for
 * lists and tables; `note` is a sentence for the payment return screens.
 */
export function TestModeBadge({
  variant = 'badge',
  className,
}: {
  variant?: 'badge' | 'note';
  className?: string;
}) {
  if (variant === 'note') {
    return (
      <p
        data-testid="test-mode-note"
        className={cn('flex items-start gap-2 rounded-lg px-3 py-2 text-left text-sm', colours, className)}
      >
        <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{TEST_MODE_NOTE}</span>
      </p>
    );
  }
  // A span may not carry aria-label (axe: aria-prohibited-attr), so the full meaning is sr-only
  // text and the short visible word is hidden from screen readers instead of read twice.
  return (
    <span
      data-testid="test-mode-badge"
      title={TEST_MODE_BADGE_LABEL}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        colours,
        className,
      )}
    >
      <FlaskConical aria-hidden className="size-3" />
      <span aria-hidden>Test</span>
      <span className="sr-only">{TEST_MODE_BADGE_LABEL}</span>
    </span>
  );
}
