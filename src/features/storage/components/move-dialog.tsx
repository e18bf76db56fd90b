import type { StorageItem } from '@contract/files';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFolder } from '../api/get-folder';
import { useMoveItem } from '../api/move-item';
import { FolderPicker } from './folder-picker';

/**
 * Moves a file or folder to another folder, chosen by browsing from where it is now. The server
 * answers a name already used there with a 409, shown here so the user can pick another place.
 */
export function MoveDialog({
  item,
  onOpenChange,
}: {
  item: StorageItem;
  onOpenChange: (open: boolean) => void;
}) {
  const from = item.folderId ?? '';
  const [placeId, setPlaceId] = useState(from);
  const { data: place } = useFolder(placeId);
  const move = useMoveItem();
  const [failure, setFailure] = useState<string | null>(null);
  const placeName = placeId === '' ? 'All files' : place?.name;
  // The picker never offers the folder itself; this also holds for a place reached another way.
  const intoItself =
    item.kind === 'folder' && (placeId === item.id || Boolean(place?.path.some((c) => c.id === item.id)));
  const here = placeId === from;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (here || intoItself || placeName === undefined) return;
    setFailure(null);
    move.mutate(
      { item, folderId: placeId },
      {
        onSuccess: () => {
          notify.success(`Moved ${item.name} to ${placeName}.`);
          onOpenChange(false);
        },
        onError: (error) => setFailure(errorMessage(error, `${item.name} could not be moved. Try again.`)),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Move ${item.name}`}
      description="Open the folder to move it to, then choose Move here."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FolderPicker
          placeId={placeId}
          onPlaceChange={(next) => {
            setPlaceId(next);
            setFailure(null);
          }}
          excludedId={item.kind === 'folder' ? item.id : undefined}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        <DialogFooter className="items-center [&>p]:w-full">
          {here && (
            <p className="text-sm text-slate-700 dark:text-slate-300">{item.name} is in this folder now.</p>
          )}
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <OnlineSubmitButton
            offlineReason="Connect to the internet to move files."
            disabled={here || intoItself || placeName === undefined}
            pending={move.isPending}
            pendingLabel="Moving…"
          >
            Move here
          </OnlineSubmitButton>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
