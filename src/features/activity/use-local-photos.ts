import { useEffect, useState, useSyncExternalStore } from 'react';
import { photoUploader } from './photo-uploader';
import { reportPhotos, type StoredPhoto } from './report-photos';

/** The user's photos kept on this device (draft, waiting or refused), kept current. */
export function useLocalPhotos(userId: string): StoredPhoto[] | undefined {
  const [photos, setPhotos] = useState<StoredPhoto[]>();
  useEffect(() => {
    let live = true;
    let turn = 0;
    const read = () => {
      const mine = ++turn;
      void reportPhotos
        .all(userId)
        .then((all) => {
          // Only the latest read lands.
          if (live && mine === turn) setPhotos(all);
        })
        .catch(() => live && setPhotos([]));
    };
    read();
    const unsubscribe = reportPhotos.subscribe(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);
  return photos;
}

/** The photo being sent now and its progress. */
export const useUploadingPhoto = () =>
  useSyncExternalStore(photoUploader.subscribe, photoUploader.current, () => null);
