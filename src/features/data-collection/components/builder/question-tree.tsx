import { textIn, type Question } from '@contract/forms/definition';
import {
  ArrowDown,
  ArrowUp,
  CircleAlert,
  Copy,
  GripVertical,
  IndentDecrease,
  IndentIncrease,
  Pencil,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type PointerEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { kindOf } from '../../builder/question-kinds';
import {
  isContainer,
  isWithin,
  moveTarget,
  pathKey,
  samePath,
  type MoveDirection,
  type QuestionPath,
} from '../../builder/tree';
import { QuestionKindIcon } from './question-kind-icon';

type RowAction = MoveDirection | 'duplicate' | 'delete';

type DropPlace = { path: number[]; where: 'before' | 'after' | 'inside' } | { end: number[] };

export interface QuestionTreeProps {
  questions: readonly Question[];
  language: string;
  selected: QuestionPath | null;
  /** pathKey → the question's problems; a question with any is marked. */
  problems: Record<string, Record<string, string>>;
  onSelect: (path: number[]) => void;
  onMove: (path: number[], direction: MoveDirection) => void;
  onDrop: (from: number[], parent: number[], index: number) => void;
  onDuplicate: (path: number[]) => void;
  onDelete: (path: number[]) => void;
  /** Said in the live region after a move or a delete. */
  announcement: string;
  /** Takes the reader to the editor (offered where the editor is under the list: a phone). */
  onEdit: () => void;
}

/** What a question is called in the list: its label, else its name. */
export const questionTitle = (question: Question, language: string) =>
  textIn(question.label, language).trim() || question.name;

const actions: { action: RowAction; label: string; Icon: LucideIcon }[] = [
  { action: 'up', label: 'Move up', Icon: ArrowUp },
  { action: 'down', label: 'Move down', Icon: ArrowDown },
  { action: 'into', label: 'Move into the group above', Icon: IndentIncrease },
  { action: 'out', label: 'Move out of the group', Icon: IndentDecrease },
  { action: 'duplicate', label: 'Duplicate', Icon: Copy },
  { action: 'delete', label: 'Delete', Icon: Trash2 },
];

/**
 * The form's questions as a tree (groups and repeats hold theirs, indented). A question is selected
 * for the editor with its row; the selected one offers its actions, so the keyboard moves it (up,
 * down, into the group above, out of its group) as well as a drag does. A mouse drags the row (HTML
 * drag and drop); a finger drags it by its grip (pointer events), since phones start no HTML drag.
 */
export function QuestionTree(props: QuestionTreeProps) {
  const { questions, selected, announcement } = props;
  const root = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<RowAction | 'row' | null>(null);
  const [dragging, setDragging] = useState<number[] | null>(null);
  const [dropPlace, setDropPlace] = useState<DropPlace | null>(null);

  // A keyboard move re-renders the row elsewhere: the focus follows it, on the same action if it
  // still applies, else on the row.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted) return;
    pendingFocus.current = null;
    const scope = root.current;
    const target =
      (wanted !== 'row' &&
        scope?.querySelector<HTMLButtonElement>(`[data-action="${wanted}"]:not(:disabled)`)) ||
      scope?.querySelector<HTMLButtonElement>('[data-row][aria-current="true"]');
    target?.focus();
  }, [questions, selected]);

  const act = (path: number[], action: RowAction) => {
    pendingFocus.current = action === 'duplicate' || action === 'delete' ? 'row' : action;
    if (action === 'duplicate') props.onDuplicate(path);
    else if (action === 'delete') props.onDelete(path);
    else props.onMove(path, action);
  };

  /** Whether the dragged question may go at `place`: never into itself or what it contains. */
  const allowed = (place: DropPlace) => {
    const into = 'end' in place ? place.end : place.where === 'inside' ? place.path : place.path.slice(0, -1);
    return dragging !== null && !isWithin(into, dragging);
  };
  const show = (place: DropPlace | null) =>
    setDropPlace((current) => (JSON.stringify(current) === JSON.stringify(place) ? current : place));
  const dropAt = (place: DropPlace | null) => {
    if (dragging && place && allowed(place)) {
      if ('end' in place) {
        const list = place.end.length ? childrenOf(questions, place.end) : questions;
        props.onDrop(dragging, place.end, list.length);
      } else {
        const parent = place.path.slice(0, -1);
        const index = place.path[place.path.length - 1]!;
        if (place.where === 'inside') props.onDrop(dragging, place.path, 0);
        else props.onDrop(dragging, parent, place.where === 'before' ? index : index + 1);
      }
    }
    setDragging(null);
    setDropPlace(null);
  };

  const drag: Drag = {
    dragging,
    dropPlace,
    start: (path, event) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', pathKey(path));
      setDragging(path);
    },
    over: (place, event) => {
      if (!allowed(place)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      show(place);
    },
    drop: (place, event) => {
      event.preventDefault();
      dropAt(place);
    },
    end: () => {
      setDragging(null);
      setDropPlace(null);
    },
    // A finger (or pen) drags by the grip: phones' browsers start no HTML drag from a touch, so the
    // grip follows the pointer itself and finds the place under it.
    touchStart: (path, event) => {
      if (event.pointerType === 'mouse') return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDragging(path);
    },
    touchMove: (event) => {
      if (!dragging || event.pointerType === 'mouse') return;
      const place = placeUnder(event.clientX, event.clientY);
      show(place && allowed(place) ? place : null);
    },
    touchEnd: (event) => {
      if (!dragging || event.pointerType === 'mouse') return;
      dropAt(event.type === 'pointerup' ? dropPlace : null);
    },
  };

  return (
    <div ref={root}>
      {questions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
          No questions yet. Add the first with “Add question”.
        </p>
      ) : (
        <QuestionList {...props} parent={[]} items={questions} drag={drag} act={act} />
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function childrenOf(questions: readonly Question[], path: readonly number[]): readonly Question[] {
  let list = questions;
  for (const index of path) list = list[index]?.children ?? [];
  return list;
}

interface Drag {
  dragging: number[] | null;
  dropPlace: DropPlace | null;
  start: (path: number[], event: DragEvent) => void;
  over: (place: DropPlace, event: DragEvent) => void;
  drop: (place: DropPlace, event: DragEvent) => void;
  end: () => void;
  touchStart: (path: number[], event: PointerEvent<HTMLElement>) => void;
  touchMove: (event: PointerEvent<HTMLElement>) => void;
  touchEnd: (event: PointerEvent<HTMLElement>) => void;
}

/** Where a row's height puts a drop: the top part before it; a group's lower part inside, a question's after. */
function placeIn(path: number[], container: boolean, rect: DOMRect, clientY: number): DropPlace {
  const y = rect.height ? (clientY - rect.top) / rect.height : 0;
  if (container) return { path, where: y < 0.4 ? 'before' : 'inside' };
  return { path, where: y < 0.5 ? 'before' : 'after' };
}

const pathOfKey = (key: string) => (key ? key.split('.').map(Number) : []);

/** The drop place under a point: a row (by its data-row-path) or a list's end zone (data-end-of). */
function placeUnder(x: number, y: number): DropPlace | null {
  const element = document.elementFromPoint?.(x, y);
  const row = element?.closest<HTMLElement>('[data-row-path]');
  if (row)
    return placeIn(
      pathOfKey(row.dataset.rowPath!),
      row.dataset.container === 'true',
      row.getBoundingClientRect(),
      y,
    );
  const end = element?.closest<HTMLElement>('[data-end-of]');
  return end ? { end: pathOfKey(end.dataset.endOf!) } : null;
}

type ListProps = QuestionTreeProps & {
  parent: number[];
  items: readonly Question[];
  drag: Drag;
  act: (path: number[], action: RowAction) => void;
};

function QuestionList({ parent, items, drag, ...rest }: ListProps) {
  const endHere = drag.dropPlace && 'end' in drag.dropPlace && samePath(drag.dropPlace.end, parent);
  return (
    <ol
      aria-label={parent.length ? undefined : 'Questions'}
      className={cn(
        'flex flex-col gap-1',
        parent.length > 0 && 'ml-3 border-l border-slate-200 pl-2 dark:border-slate-700',
      )}
    >
      {items.map((question, i) => (
        <QuestionRow key={i} {...rest} drag={drag} path={[...parent, i]} question={question} />
      ))}
      {parent.length > 0 && items.length === 0 && !drag.dragging && (
        <li className="px-2 py-1 text-xs text-slate-600 dark:text-slate-400">
          Empty: select it and add a question, or move one into it.
        </li>
      )}
      {drag.dragging && (
        <li
          aria-hidden
          data-end-of={pathKey(parent)}
          onDragOver={(event) => drag.over({ end: parent }, event)}
          onDrop={(event) => drag.drop({ end: parent }, event)}
          className={cn(
            'rounded-md border border-dashed px-2 py-1 text-xs text-slate-600 dark:text-slate-400',
            endHere
              ? 'border-brand-600 bg-brand-50 dark:bg-slate-800'
              : 'border-slate-300 dark:border-slate-700',
          )}
        >
          {parent.length ? 'Drop here to put it last in this group' : 'Drop here to put it last'}
        </li>
      )}
    </ol>
  );
}

function QuestionRow({
  path,
  question,
  drag,
  act,
  ...props
}: Omit<ListProps, 'parent' | 'items'> & { path: number[]; question: Question }) {
  const { questions, language, selected, problems, onSelect } = props;
  const isSelected = samePath(selected, path);
  const kind = kindOf(question);
  const title = questionTitle(question, language);
  const hasProblems = Object.keys(problems[pathKey(path)] ?? {}).length > 0;
  const place =
    drag.dropPlace && !('end' in drag.dropPlace) && samePath(drag.dropPlace.path, path)
      ? drag.dropPlace.where
      : null;
  const container = isContainer(question);
  const detailId = useId();

  const placeAt = (event: DragEvent<HTMLElement>): DropPlace =>
    placeIn(path, container, event.currentTarget.getBoundingClientRect(), event.clientY);

  return (
    <li>
      <div
        draggable
        data-row-path={pathKey(path)}
        data-container={container}
        onDragStart={(event) => drag.start(path, event)}
        onDragEnd={drag.end}
        onDragOver={(event) => drag.over(placeAt(event), event)}
        onDrop={(event) => drag.drop(placeAt(event), event)}
        className={cn(
          'flex items-stretch gap-1 rounded-lg border bg-white dark:bg-slate-900',
          isSelected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200 dark:border-slate-800',
          place === 'before' && 'shadow-[0_-3px_0_0_var(--color-brand-600)]',
          place === 'after' && 'shadow-[0_3px_0_0_var(--color-brand-600)]',
          place === 'inside' && 'bg-brand-50 dark:bg-slate-800',
          drag.dragging && samePath(drag.dragging, path) && 'opacity-50',
        )}
      >
        <span
          aria-hidden
          title="Drag to move"
          data-grip
          onPointerDown={(event) => drag.touchStart(path, event)}
          onPointerMove={drag.touchMove}
          onPointerUp={drag.touchEnd}
          onPointerCancel={drag.touchEnd}
          // The page must not scroll while a finger drags by the grip.
          className="flex w-8 shrink-0 cursor-grab touch-none items-center justify-center text-slate-500 dark:text-slate-400"
        >
          <GripVertical className="size-4" />
        </span>
        <button
          type="button"
          data-row
          // Named by the question alone (its kind and name describe it), as people call it.
          aria-label={hasProblems ? `${title} (has problems)` : title}
          aria-describedby={detailId}
          aria-current={isSelected ? 'true' : undefined}
          onClick={() => onSelect(path)}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 py-1.5 pr-2 text-left"
        >
          <QuestionKindIcon kind={kind.id} className="size-4 shrink-0 text-brand-700 dark:text-brand-100" />
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-medium">{title}</span>
            <span id={detailId} className="truncate text-xs text-slate-600 dark:text-slate-400">
              {kind.label} · {question.name}
            </span>
          </span>
          {hasProblems && (
            <CircleAlert aria-hidden className="ml-auto size-4 shrink-0 text-red-700 dark:text-red-400" />
          )}
        </button>
      </div>
      {isSelected && (
        <div role="group" aria-label={`Actions for ${title}`} className="mt-1 mb-1 flex flex-wrap gap-1 pl-7">
          <button
            type="button"
            onClick={props.onEdit}
            className={buttonClass('ghost', 'min-w-11 px-2 text-brand-700 lg:hidden dark:text-brand-100')}
          >
            <Pencil aria-hidden className="size-4" />
            Edit
          </button>
          {actions.map(({ action, label, Icon }) => {
            const possible =
              action === 'duplicate' || action === 'delete'
                ? true
                : moveTarget(questions, path, action) !== null;
            return (
              <button
                key={action}
                type="button"
                data-action={action}
                disabled={!possible}
                title={label}
                onClick={() => act(path, action)}
                className={buttonClass(
                  'ghost',
                  cn(
                    'min-w-11 px-2 disabled:opacity-40',
                    action === 'delete' && 'text-red-700 dark:text-red-300',
                  ),
                )}
              >
                <Icon aria-hidden className="size-4" />
                <span className="sr-only">{label}</span>
              </button>
            );
          })}
        </div>
      )}
      {container && (
        <QuestionList {...props} parent={path} items={question.children ?? []} drag={drag} act={act} />
      )}
    </li>
  );
}
