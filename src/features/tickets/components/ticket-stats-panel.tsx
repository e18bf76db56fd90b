import type { TicketStats } from '@contract/tickets';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useTicketStats } from '../api/get-ticket-stats';
import {
  csatSummary,
  formatScore,
  medianLabel,
  scaleStep,
  volumeSummary,
  weekLabel,
} from '../stats-chart-data';

const W = 360;
const H = 170;
const LEFT = 26;
const BOTTOM = 22;
const TOP = 8;

type Weeks = TicketStats['weeks'];

function VolumeChart({ weeks }: { weeks: Weeks }) {
  const max = Math.max(1, ...weeks.flatMap((w) => [w.opened, w.resolved]));
  const step = scaleStep(max);
  const top = Math.ceil(max / step) * step;
  const plotH = H - BOTTOM - TOP;
  const slot = (W - LEFT) / Math.max(1, weeks.length);
  const y = (n: number) => TOP + plotH - (n / top) * plotH;
  const lines = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return (
    <svg
      role="img"
      aria-label={volumeSummary(weeks)}
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full text-slate-700 dark:text-slate-300"
    >
      {lines.map((n) => (
        <g key={n}>
          <line x1={LEFT} x2={W} y1={y(n)} y2={y(n)} className="stroke-slate-200 dark:stroke-slate-700" />
          <text x={LEFT - 4} y={y(n) + 3} textAnchor="end" fontSize="9" fill="currentColor">
            {n}
          </text>
        </g>
      ))}
      {weeks.map((w, i) => {
        const x = LEFT + i * slot + slot * 0.15;
        const bar = (slot * 0.7) / 2;
        return (
          <g key={w.weekStart}>
            <rect
              x={x}
              width={bar}
              y={y(w.opened)}
              height={y(0) - y(w.opened)}
              className="fill-sky-600 dark:fill-sky-400"
            />
            <rect
              x={x + bar}
              width={bar}
              y={y(w.resolved)}
              height={y(0) - y(w.resolved)}
              className="fill-brand-600 dark:fill-brand-500"
            />
            <text x={x + bar} y={H - 8} textAnchor="middle" fontSize="8" fill="currentColor">
              {weekLabel(w.weekStart)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function CsatChart({ weeks }: { weeks: Weeks }) {
  const plotH = H - BOTTOM - TOP;
  const slot = (W - LEFT) / Math.max(1, weeks.length);
  const y = (score: number) => TOP + plotH - (score / 5) * plotH;
  return (
    <svg
      role="img"
      aria-label={csatSummary(weeks)}
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full text-slate-700 dark:text-slate-300"
    >
      {[0, 1, 2, 3, 4, 5].map((n) => (
        <g key={n}>
          <line x1={LEFT} x2={W} y1={y(n)} y2={y(n)} className="stroke-slate-200 dark:stroke-slate-700" />
          <text x={LEFT - 4} y={y(n) + 3} textAnchor="end" fontSize="9" fill="currentColor">
            {n}
          </text>
        </g>
      ))}
      {weeks.map((w, i) => {
        const x = LEFT + i * slot + slot * 0.25;
        const width = slot * 0.5;
        return (
          <g key={w.weekStart}>
            {w.csat !== null && (
              <>
                <rect
                  x={x}
                  width={width}
                  y={y(w.csat)}
                  height={y(0) - y(w.csat)}
                  className="fill-amber-500 dark:fill-amber-400"
                />
                <text
                  x={x + width / 2}
                  y={y(w.csat) - 2}
                  textAnchor="middle"
                  fontSize="8"
                  fill="currentColor"
                >
                  {formatScore(w.csat)}
                </text>
              </>
            )}
            <text x={x + width / 2} y={H - 8} textAnchor="middle" fontSize="8" fill="currentColor">
              {weekLabel(w.weekStart)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Counter({ label, value, tone }: { label: string; value: string; tone?: 'bad' }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className={cn('text-2xl font-bold', tone === 'bad' && 'text-red-700 dark:text-red-300')}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The queue at a glance (GET /tickets/stats): open, pending, past their SLA, the median first reply,
 * and two small charts of the last weeks: tickets opened and resolved, and satisfaction. The charts
 * are images to assistive technology, named by a sentence; the figures are in a table.
 */
export function TicketStatsPanel() {
  const stats = useTicketStats();
  const [showTable, setShowTable] = useState(false);
  const ids = { heading: useId(), table: useId() };

  return (
    <section aria-labelledby={ids.heading} className="flex flex-col gap-3">
      <h2 id={ids.heading} className="text-lg font-bold">
        The queue at a glance
      </h2>
      {stats.isPending ? (
        <div role="status" aria-label="Loading the figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : stats.isError && !stats.data ? (
        <p className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(stats.error, 'The figures could not be loaded.')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void stats.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Counter label="Open" value={String(stats.data.byStatus.open ?? 0)} />
            <Counter label="Pending" value={String(stats.data.byStatus.pending ?? 0)} />
            <Counter
              label="Past their SLA"
              value={String(stats.data.breached)}
              tone={stats.data.breached > 0 ? 'bad' : undefined}
            />
            <Counter label="Median first reply" value={medianLabel(stats.data.medianFirstReplyMinutes)} />
          </dl>
          <div className="grid gap-4 md:grid-cols-2">
            <figure className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
              <VolumeChart weeks={stats.data.weeks} />
              <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                <span className="inline-flex items-center gap-1">
                  <span aria-hidden className="size-3 rounded-sm bg-sky-600 dark:bg-sky-400" /> Opened
                </span>
                <span className="inline-flex items-center gap-1">
                  <span aria-hidden className="size-3 rounded-sm bg-brand-600 dark:bg-brand-500" /> Resolved
                </span>
                <span>Tickets per week</span>
              </figcaption>
            </figure>
            <figure className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
              <CsatChart weeks={stats.data.weeks} />
              <figcaption className="text-sm text-slate-700 dark:text-slate-300">
                Satisfaction per week (mean rating, 1 to 5)
              </figcaption>
            </figure>
          </div>
          <Button
            variant="ghost"
            className="self-start"
            aria-expanded={showTable}
            aria-controls={ids.table}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Hide the figures' : 'Show the figures'}
          </Button>
          <div className={cn(showTable ? 'overflow-x-auto' : 'sr-only')} id={ids.table}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tickets and satisfaction per week</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-3">
                    Week of
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Opened
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Resolved
                  </th>
                  <th scope="col" className="py-1">
                    Satisfaction
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.data.weeks.map((w) => (
                  <tr key={w.weekStart} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-1 pr-3 font-medium">
                      {weekLabel(w.weekStart)}
                    </th>
                    <td className="py-1 pr-3">{w.opened}</td>
                    <td className="py-1 pr-3">{w.resolved}</td>
                    <td className="py-1">
                      {w.csat === null
                        ? 'No ratings'
                        : `${formatScore(w.csat)} (${w.ratings} ${w.ratings === 1 ? 'rating' : 'ratings'})`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
