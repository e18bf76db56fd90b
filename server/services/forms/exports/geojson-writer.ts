import type { ExportColumn } from './export-types';

export const GEOJSON_CONTENT_TYPE = 'application/geo+json; charset=utf-8';

/** A geopoint answer (`lat lon [alt [accuracy]]`) as GeoJSON coordinates (`[lon, lat(, alt)]`), or null. */
export function pointCoordinates(answer: string): number[] | null {
  const [lat, lon, alt] = answer.trim().split(/\s+/).map(Number);
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return alt !== undefined && Number.isFinite(alt) ? [lon, lat, alt] : [lon, lat];
}

/** A property as GeoJSON readers expect: numbers as numbers, an unanswered question null. */
function property(column: ExportColumn, cell: string): string | number | null {
  if (cell === '') return null;
  if (column.numeric) {
    const n = Number(cell);
    if (Number.isFinite(n)) return n;
  }
  return cell;
}

/**
 * A FeatureCollection with one Point per row whose `question` (a geopoint's path) holds a valid point,
 * written as rows come. Its properties are the table's other columns (the point's accuracy is one);
 * the point's own columns (the answer, latitude, longitude, altitude) are its geometry.
 */
export async function* geojsonChunks(
  columns: readonly ExportColumn[],
  question: string,
  batches: AsyncIterable<string[][]>,
): AsyncGenerator<string> {
  const pointAt = columns.findIndex((c) => c.question === question && c.part === 'value');
  const inGeometry = (c: ExportColumn) => c.question === question && c.part !== 'precision';
  const kept = columns.flatMap((c, at) => (inGeometry(c) ? [] : [{ column: c, at, key: c.header }]));
  // Two questions may share a label: each keeps its own property.
  const seen = new Set<string>();
  for (const k of kept) {
    for (let n = 2; seen.has(k.key); n++) k.key = `${k.column.header} (${n})`;
    seen.add(k.key);
  }
  yield '{"type":"FeatureCollection","features":[';
  let first = true;
  for await (const rows of batches) {
    let chunk = '';
    for (const cells of rows) {
      const coordinates = pointCoordinates(cells[pointAt] ?? '');
      if (!coordinates) continue;
      // No prototype: a question labelled `__proto__` is a property like any other.
      const properties = Object.create(null) as Record<string, string | number | null>;
      for (const { column, at, key } of kept) properties[key] = property(column, cells[at] ?? '');
      chunk += `${first ? '\n' : ',\n'}${JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates },
        properties,
      })}`;
      first = false;
    }
    if (chunk !== '') yield chunk;
  }
  yield '\n]}\n';
}
