import { useMemo } from 'react';
import { plotBox } from '../chart-data';
import { formatCount, formatNumber } from '../format';

/** The server's cap on the positions it sends (summary.service.ts SUMMARY_POINTS_MAX). */
const POINTS_MAX = 5_000;

/**
 * GPS answers drawn as dots by latitude and longitude inside their bounding box: a plot of positions,
 * not a map (no tiles are fetched from anywhere). The picture is described by its label: how many
 * points and the box they fall in.
 */
export function PositionsPlot({
  points,
  answered,
  label,
}: {
  points: readonly (readonly [number, number])[];
  answered: number;
  label: string;
}) {
  const box = useMemo(() => plotBox(points), [points]);
  if (!box) return <p className="text-sm text-slate-700 dark:text-slate-300">No valid positions to plot.</p>;
  const coords = (lat: number, lon: number) =>
    `latitude ${formatNumber(lat, 4)}, longitude ${formatNumber(lon, 4)}`;
  const description =
    `Plot of ${formatCount(points.length)} positions answered to ${label}, between ` +
    `${coords(box.minLat, box.minLon)} (south-west) and ${coords(box.maxLat, box.maxLon)} (north-east).`;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        role="img"
        aria-label={description}
        className="h-auto w-full max-w-xl rounded-lg border border-slate-300 bg-slate-50 dark:border-slate-600 dark:bg-slate-950"
      >
        {points.map((p, i) => {
          const { x, y } = box.place(p);
          return (
            <circle
              key={i}
              cx={x}
              cy={y}
              r={3.5}
              className="fill-brand-600 dark:fill-emerald-300"
              fillOpacity={0.7}
            />
          );
        })}
      </svg>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">
        A plot of positions, not a map: north is up, each dot an answer’s latitude and longitude. Latitude{' '}
        {formatNumber(box.minLat, 4)} to {formatNumber(box.maxLat, 4)}, longitude{' '}
        {formatNumber(box.minLon, 4)} to {formatNumber(box.maxLon, 4)}.
        {points.length >= POINTS_MAX &&
          points.length < answered &&
          ` Showing the newest ${formatCount(points.length)} of ${formatCount(answered)}.`}
      </figcaption>
    </figure>
  );
}
