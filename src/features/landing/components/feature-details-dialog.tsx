import * as Dialog from '@radix-ui/react-dialog';
import type { Feature } from '@/config/marketing-content';
import { buttonClass } from '@/components/ui/button';

/**
 * The 'Learn more' modal of a feature card. Radix traps focus, closes on Escape and on the Close
 * button, and gives focus back to the trigger. The trigger's name carries the feature title for
 * screen readers, where nine identical 'Learn more' buttons would say nothing.
 */
export function FeatureDetailsDialog({ feature }: { feature: Feature }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg px-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
        Learn more <span className="sr-only">about {feature.title}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[85dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100">
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
