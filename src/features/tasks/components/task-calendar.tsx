import { isTaskOverdue, type Task } from '@contract/tasks';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { dayLabel, monthLabel, monthOf, monthWeeks, shiftDay, shiftMonth } from '../calendar-month';

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The month as a grid of days with each task on its due day: arrows move by day and week, Page Up
 * and Page Down by month, Home and End to the week's ends, Enter picks the day (its tasks are listed
 * under the grid). One day is in the Tab order at a time (the picked one), as in a date picker.
 */
export function TaskCalendar({
  month,
  selectedDay,
  today,
  tasks,
  onMonthChange,
  onSelectDay,
}: {
  month: string;
  selectedDay: string;
  today: string;
  tasks: Task[];
  onMonthChange: (month: string) => void;
  onSelectDay: (day: string) => void;
}) {
  const headingId = useId();
  const grid = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef(false);
  const weeks = monthWeeks(month);
  const byDay = new Map<string, Task[]>();
  for (const task of tasks) byDay.set(task.dueOn, [...(byDay.get(task.dueOn) ?? []), task]);

  // Focus follows the keyboard to the new day once it is rendered (perhaps in another month).
  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${selectedDay}"] button`)?.focus();
  }, [selectedDay, month]);

  const moveTo = (day: string) => {
    focusAfterMove.current = true;
    onSelectDay(day);
    if (monthOf(day) !== month) onMonthChange(monthOf(day));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string, column: number) => {
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -7,
      ArrowDown: 7,
      Home: -column,
      End: 6 - column,
    };
    if (event.key in steps) {
      event.preventDefault();
      moveTo(shiftDay(day, steps[event.key]!));
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      const target = shiftMonth(monthOf(day), event.key === 'PageUp' ? -1 : 1);
      // The same day of the month, or the month's last day.
      const wanted = `${target}-${day.slice(8, 10)}`;
      const last = monthWeeks(target)
        .flat()
        .filter((d) => d.inMonth)
        .at(-1)!.day;
      moveTo(wanted > last ? last : wanted);
    }
  };

  const tabbable = weeks.flat().some((d) => d.day === selectedDay && d.inMonth) ? selectedDay : `${month}-01`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          aria-label="Previous month"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <h2 id={headingId} aria-live="polite" className="text-lg font-bold">
          {monthLabel(month)}
        </h2>
        <Button
          variant="secondary"
          aria-label="Next month"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
      <div
        ref={grid}
        role="grid"
        aria-labelledby={headingId}
        className="flex flex-col gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200 dark:border-slate-800 dark:bg-slate-800"
      >
        <div role="row" className="grid grid-cols-7 gap-px">
          {weekdays.map((d, i) => (
            <div
              key={d}
              role="columnheader"
              aria-label={weekdayNames[i]}
              className="bg-slate-50 py-1 text-center text-xs font-semibold text-slate-700 dark:bg-slate-900 dark:text-slate-300"
            >
              {d}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]!.day} role="row" className="grid grid-cols-7 gap-px">
            {week.map(({ day, inMonth }, column) => {
              const dayTasks = byDay.get(day) ?? [];
              const overdue = dayTasks.filter((t) => isTaskOverdue(t, today)).length;
              const selected = day === selectedDay;
              const label = [
                dayLabel(day),
                dayTasks.length === 0
                  ? 'no tasks'
                  : `${dayTasks.length} ${dayTasks.length === 1 ? 'task' : 'tasks'}`,
                overdue ? `${overdue} overdue` : '',
                day === today ? 'today' : '',
              ]
                .filter(Boolean)
                .join(', ');
              return (
                <div key={day} role="gridcell" data-day={day} aria-selected={selected} className="min-w-0">
                  <button
                    type="button"
                    tabIndex={day === tabbable ? 0 : -1}
                    aria-label={label}
                    onClick={() => onSelectDay(day)}
                    onKeyDown={(event) => onKeyDown(event, day, column)}
                    className={cn(
                      'flex h-full min-h-14 w-full flex-col items-stretch gap-0.5 p-1 text-left sm:min-h-24',
                      inMonth
                        ? 'bg-white dark:bg-slate-900'
                        : 'bg-slate-50 text-slate-500 dark:bg-slate-950 dark:text-slate-400',
                      selected && 'ring-2 ring-brand-600 ring-inset',
                    )}
                  >
                    <span
                      className={cn(
                        'self-start rounded-full px-1.5 text-xs font-semibold',
                        day === today && 'bg-brand-600 text-white',
                      )}
                    >
                      {Number(day.slice(8, 10))}
                    </span>
                    {/* On a phone a count; from sm up the titles. Overdue ones are red with a '!' mark. */}
                    {dayTasks.length > 0 && (
                      <span aria-hidden className="text-[0.7rem] font-semibold sm:hidden">
                        {overdue ? '! ' : ''}
                        {dayTasks.length}
                      </span>
                    )}
                    <ul aria-hidden className="hidden flex-col gap-0.5 sm:flex">
                      {dayTasks.slice(0, 3).map((t) => (
                        <li
                          key={t.id}
                          className={cn(
                            'truncate rounded px-1 text-[0.7rem]',
                            isTaskOverdue(t, today)
                              ? 'bg-red-600 text-white'
                              : 'bg-brand-50 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100',
                            t.ownStatus === 'cancelled' && 'line-through opacity-70',
                          )}
                        >
                          {isTaskOverdue(t, today) ? '! ' : ''}
                          {t.title}
                        </li>
                      ))}
                      {dayTasks.length > 3 && <li className="text-[0.7rem]">+{dayTasks.length - 3} more</li>}
                    </ul>
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
