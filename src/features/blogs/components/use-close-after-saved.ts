import { useEffect, useRef } from 'react';
import { SAVED_MODAL_CLOSE_MS } from '../blog-management-forms';

/**
 * SPEC §4: once 'Blog saved successfully!' shows, the modal closes about 1.2 s later. The timer
 * dies with the modal, so closing it by hand first does not close a later one.
 */
export function useCloseAfterSaved(saved: boolean, close: () => void) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => closeRef.current(), SAVED_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [saved]);
}
