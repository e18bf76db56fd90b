import { createContext, useContext } from 'react';

/**
 * Where a media question keeps the file it takes: the fill page keeps it on the device under the
 * response's instance (fill/form-media.ts); the builder's preview only in memory, since nothing is sent.
 */
export interface MediaKeeper {
  keep(name: string, blob: Blob): Promise<void>;
  blobOf(name: string): Promise<Blob | undefined>;
}

export function memoryMediaKeeper(): MediaKeeper {
  const files = new Map<string, Blob>();
  return {
    keep: async (name, blob) => void files.set(name, blob),
    blobOf: async (name) => files.get(name),
  };
}

const fallback = memoryMediaKeeper();

export const MediaKeeperContext = createContext<MediaKeeper>(fallback);

export const useMediaKeeper = () => useContext(MediaKeeperContext);
