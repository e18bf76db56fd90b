import { lazy, Suspense, useRef, useState } from 'react';
import type { Feature } from '@/config/marketing-content';

const loadContent = () => import('./feature-dialog-content');
const FeatureDialogContent = lazy(loadContent);

/**
 * The 'Learn more' button of a feature card and its modal, fetched on first use (hovering or
 * focusing the button starts the fetch). The button's name carries the feature title for screen
 * readers, where nine identical 'Learn more' buttons would say nothing.
 */
export function FeatureDetailsDialog({ feature }: { feature: Feature }) {
  const [open, setOpen] = useState(false);
  // Stays mounted after the first opening, so Radix can hand focus back to this button on close.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadContent()}
        onFocus={() => void loadContent()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg px-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        Learn more <span className="sr-only">about {feature.title}</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <FeatureDialogContent
            feature={feature}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={trigger}
          />
        </Suspense>
      )}
    </>
  );
}
