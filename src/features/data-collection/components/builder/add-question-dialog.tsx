import { Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { questionKinds, type QuestionKindId } from '../../builder/question-kinds';
import { QuestionKindIcon } from './question-kind-icon';

/**
 * 'Add question': every kind of question the product fills, each with its name, icon and what it
 * asks for. Picking one adds it (after the selected question, or inside the selected group) and
 * `onAdded` moves the focus to its editor.
 */
export function AddQuestionDialog({
  onAdd,
  onAdded,
  where,
}: {
  onAdd: (kind: QuestionKindId) => void;
  onAdded: () => void;
  /** Where the question goes, said in the dialog: 'after “Age”', 'inside “Household”'. */
  where: string;
}) {
  const [open, setOpen] = useState(false);
  const added = useRef(false);
  const list = useRef<HTMLUListElement>(null);
  const ids = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) added.current = false;
        setOpen(next);
      }}
      size="lg"
      title="Add a question"
      description={`It goes ${where}.`}
      trigger={
        <Button>
          <Plus aria-hidden className="size-4" />
          Add question
        </Button>
      }
      onOpenAutoFocus={(event) => {
        // The first kind, not the close button: picking is what the dialog is for.
        event.preventDefault();
        list.current?.querySelector<HTMLButtonElement>('[data-kind]')?.focus();
      }}
      onCloseAutoFocus={(event) => {
        if (!added.current) return;
        event.preventDefault();
        onAdded();
      }}
    >
      <ul ref={list} aria-label="Question types" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {questionKinds.map((kind) => (
          <li key={kind.id}>
            <button
              type="button"
              data-kind={kind.id}
              aria-label={kind.label}
              aria-describedby={`${ids}-${kind.id}`}
              className="flex min-h-11 w-full items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 text-left hover:border-brand-600 hover:bg-brand-50 dark:border-slate-700 dark:hover:bg-slate-800"
              onClick={() => {
                added.current = true;
                onAdd(kind.id);
                setOpen(false);
              }}
            >
              <QuestionKindIcon
                kind={kind.id}
                className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-100"
              />
              <span className="flex flex-col">
                <span className="text-sm font-semibold">{kind.label}</span>
                <span id={`${ids}-${kind.id}`} className="text-xs text-slate-600 dark:text-slate-400">
                  {kind.description}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
