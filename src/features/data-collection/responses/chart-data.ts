import type { Choice, QuestionType } from '@contract/forms/definition';
import { choiceLabel } from './form-questions';
import type { QuestionSummary } from '@contract/forms/summary';
import { formatNumber } from './format';

/* What the summary's charts draw, worked out apart from drawing it. */

export interface ChoiceRow {
  value: string;
  label: string;
  count: number;
  /** Of the answers (a select multiple's shares add up to more than 1). */
  share: number;
}

/** Lists longer than this show their chosen values only, not every choice at 0. */
const ZEROS_UP_TO = 30;

/** Each value chosen with its label and share, most frequent first, then the choices nobody chose. */
export function choiceRows(
  summary: Pick<QuestionSummary, 'counts' | 'answered'>,
  choices: readonly Choice[],
  language?: string,
): ChoiceRow[] {
  const counts = summary.counts ?? [];
  const rows = counts.map((c) => ({
    value: c.value,
    label: choiceLabel(choices, c.value, language),
    count: c.count,
    share: summary.answered ? c.count / summary.answered : 0,
  }));
  if (choices.length <= ZEROS_UP_TO) {
    const chosen = new Set(counts.map((c) => c.value));
    for (const c of choices)
      if (!chosen.has(c.name))
        rows.push({ value: c.name, label: choiceLabel(choices, c.name, language), count: 0, share: 0 });
  }
  return rows;
}

type Bin = NonNullable<QuestionSummary['histogram']>[number];

/** Whether a histogram's bins are whole numbers (an integer question's): '20–22' rather than '20 to 23'. */
export const wholeBins = (type: QuestionType, bins: readonly Bin[]) =>
  type !== 'decimal' && bins.every((b) => Number.isInteger(b.from) && Number.isInteger(b.to));

/** A bin in words: '7', '20–22' (whole numbers, both included) or '10.5 to 11.45'. */
export function binLabel(bin: Bin, whole: boolean): string {
  if (whole)
    return bin.to - bin.from === 1
      ? formatNumber(bin.from)
      : `${formatNumber(bin.from)}–${formatNumber(bin.to - 1)}`;
  return `${formatNumber(bin.from)} to ${formatNumber(bin.to)}`;
}

export interface PlotBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
  width: number;
  height: number;
  /** Where a [lat, lon] lands in the drawing's coordinates (north up). */
  place: (point: readonly [number, number]) => { x: number; y: number };
}

export const PLOT_WIDTH = 400;
const PADDING = 12;

/**
 * The drawing's frame around the points: their bounding box (widened a little when they are all in
 * one place), longitude scaled by the cosine of the middle latitude so distances look about right,
 * and the height following that shape within bounds.
 */
export function plotBox(points: readonly (readonly [number, number])[]): PlotBox | undefined {
  if (points.length === 0) return undefined;
  let [minLat, maxLat, minLon, maxLon] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [lat, lon] of points) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  const widen = (lo: number, hi: number) => (hi - lo < 1e-4 ? [lo - 0.005, hi + 0.005] : [lo, hi]);
  [minLat, maxLat] = widen(minLat, maxLat) as [number, number];
  [minLon, maxLon] = widen(minLon, maxLon) as [number, number];
  const squash = Math.max(Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180), 0.1);
  const spanX = (maxLon - minLon) * squash;
  const spanY = maxLat - minLat;
  const inner = PLOT_WIDTH - 2 * PADDING;
  const height = Math.round(Math.min(Math.max((inner * spanY) / spanX, 160), 420) + 2 * PADDING);
  const innerHeight = height - 2 * PADDING;
  // One scale for both axes where the frame allows it, centred; a long thin cloud fills its long side.
  const scale = Math.min(inner / spanX, innerHeight / spanY);
  const offsetX = PADDING + (inner - spanX * scale) / 2;
  const offsetY = PADDING + (innerHeight - spanY * scale) / 2;
  return {
    minLat,
    maxLat,
    minLon,
    maxLon,
    width: PLOT_WIDTH,
    height,
    place: ([lat, lon]) => ({
      x: offsetX + (lon - minLon) * squash * scale,
      y: offsetY + (maxLat - lat) * scale,
    }),
  };
}
