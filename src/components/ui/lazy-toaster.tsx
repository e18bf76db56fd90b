import { lazy, Suspense } from 'react';
import { loadSonner, useToasterMounted } from '@/lib/notify';

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** Sonner's Toaster, mounted only once a toast is needed (see src/lib/notify.ts). */
export function LazyToaster({ duration }: { duration: number }) {
  const needed = useToasterMounted();
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={duration} richColors closeButton />
    </Suspense>
  );
}
