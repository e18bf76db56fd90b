import { nameProblem } from '@contract/files';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';

/**
 * Names a new folder or renames an item: the server's rules are checked as the user types (one
 * path segment, no control characters, 255 characters at most); the server's answer (a name
 * already used here) shows under the field.
 */
export function NameDialog({
  open,
  onOpenChange,
  title,
  label,
  initialName,
  submitLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  initialName: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const trimmed = name.normalize('NFC').trim();
  const problem = nameProblem(label, trimmed);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    setPending(true);
    setServerError(null);
    try {
      await onSubmit(trimmed);
      onOpenChange(false);
    } catch (error) {
      setServerError(errorMessage(error, 'That did not work. Try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Field
          label={label}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          error={(touched && problem) || serverError || undefined}
          autoComplete="off"
        />
        <DialogFooter>
          <Button type="submit" pending={pending} pendingLabel="Saving...">
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
