import { formatMinutes, hoursOf, type HoursSummary } from '@contract/activity-reports';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { chartSummary, monthLabel, scaleStep } from '../hours-chart-data';

const W = 360;
const H = 180;
const LEFT = 28;
const BOTTOM = 22;
const TOP = 8;

/**
 * Approved hours of the last twelve months, service and training stacked. The SVG is one image to
 * assistive technology, named by a sentence that sums it up; the figures are in a table, visually
 * hidden until "Show the figures" (screen readers always have it).
 */
export function HoursChart({ byMonth }: { byMonth: HoursSummary['byMonth'] }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const maxHours = Math.max(1, ...byMonth.map((m) => hoursOf(m.service + m.training)));
  const step = scaleStep(maxHours);
  const top = Math.ceil(maxHours / step) * step;
  const plotH = H - BOTTOM - TOP;
  const slot = (W - LEFT) / Math.max(1, byMonth.length);
  const y = (hours: number) => TOP + plotH - (hours / top) * plotH;
  const lines = Array.from({ length: top / step + 1 }, (_, i) => i * step);

  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-label={chartSummary(byMonth)}
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full text-slate-700 dark:text-slate-300"
      >
        {lines.map((h) => (
          <g key={h}>
            <line x1={LEFT} x2={W} y1={y(h)} y2={y(h)} className="stroke-slate-200 dark:stroke-slate-700" />
            <text x={LEFT - 4} y={y(h) + 3} textAnchor="end" fontSize="9" fill="currentColor">
              {h}
            </text>
          </g>
        ))}
        {byMonth.map((m, i) => {
          const x = LEFT + i * slot + slot * 0.15;
          const w = slot * 0.7;
          const service = hoursOf(m.service);
          const training = hoursOf(m.training);
          return (
            <g key={m.month}>
              <rect
                x={x}
                width={w}
                y={y(service)}
                height={y(0) - y(service)}
                className="fill-brand-600 dark:fill-brand-500"
              />
              <rect
                x={x}
                width={w}
                y={y(service + training)}
                height={y(service) - y(service + training)}
                className="fill-amber-500 dark:fill-amber-400"
              />
              <text x={x + w / 2} y={H - 8} textAnchor="middle" fontSize="9" fill="currentColor">
                {monthLabel(m.month).split(' ')[0]}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="size-3 rounded-sm bg-brand-600 dark:bg-brand-500" /> Service
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="size-3 rounded-sm bg-amber-500 dark:bg-amber-400" /> Training
        </span>
        <span>Hours per month</span>
        <Button
          variant="ghost"
          className="ml-auto"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide the figures' : 'Show the figures'}
        </Button>
      </figcaption>
      <div className={cn(showTable ? 'overflow-x-auto' : 'sr-only')} id={tableId}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Approved hours by month</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3">
                Month
              </th>
              <th scope="col" className="py-1 pr-3">
                Service
              </th>
              <th scope="col" className="py-1 pr-3">
                Training
              </th>
              <th scope="col" className="py-1">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {byMonth.map((m) => (
              <tr key={m.month} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {monthLabel(m.month, 'long')}
                </th>
                <td className="py-1 pr-3">{formatMinutes(m.service)}</td>
                <td className="py-1 pr-3">{formatMinutes(m.training)}</td>
                <td className="py-1">{formatMinutes(m.service + m.training)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
