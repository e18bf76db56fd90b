import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import type { Feature } from '@/config/marketing-content';
import { buttonClass } from '@/components/ui/button';

/**
 * The modal itself, in its own chunk so the landing page's first load carries no dialog library.
 * Radix traps focus and closes on Escape and on Close; focus then goes back to the opening button.
 */
export default function FeatureDialogContent({
  feature,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  feature: Feature;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button outside Radix that opened it (Radix only knows its own Dialog.Trigger). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[85dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100"
        >
          <Dialog.Title className="pr-2 text-xl font-bold">{feature.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300">
              {feature.details.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className={buttonClass('secondary')}>Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
