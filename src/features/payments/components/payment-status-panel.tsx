import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { TestModeBadge } from '@/components/ui/test-mode-badge';

type Tone = 'processing' | 'success' | 'error';

const icons = {
  processing: <Loader2 aria-hidden className="size-14 animate-spin text-brand-600 dark:text-brand-100" />,
  success: <CheckCircle2 aria-hidden className="size-14 text-brand-600 dark:text-brand-100" />,
  error: <XCircle aria-hidden className="size-14 text-red-600 dark:text-red-400" />,
} satisfies Record<Tone, ReactNode>;

/**
 * The centred card of the payment screens. The heading takes focus when the state changes, so a
 * screen reader hears the outcome without hunting for it. `testMode` adds the test-mode note under
 * the heading, in every state, beside the spec's texts rather than in them.
 */
export function PaymentStatusPanel({
  tone,
  title,
  testMode = false,
  children,
}: {
  tone: Tone;
  title: string;
  testMode?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [tone]);
  return (
    <div
      data-state={tone}
      aria-busy={tone === 'processing' || undefined}
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
    >
      {icons[tone]}
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {title}
      </h1>
      {testMode && <TestModeBadge variant="note" />}
      {children}
    </div>
  );
}
