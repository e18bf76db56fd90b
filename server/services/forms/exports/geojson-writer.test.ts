import { describe, expect, it } from 'vitest';
import { planExport } from './export-plan';
import { tableRows } from './flatten-rows';
import { geojsonChunks, pointCoordinates } from './geojson-writer';
import { fullAnswers, LANGUAGES, submissionOf, villageSurvey } from './survey.testing';

const plan = planExport([villageSurvey], {
  labels: false,
  language: LANGUAGES.EN,
  mediaBase: 'https://ngo.example/api/forms/f1/submissions',
});

async function collect(chunks: AsyncIterable<string>) {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('GeoJSON writer', () => {
  it('reads a geopoint as [longitude, latitude(, altitude)], refusing what is not a point', () => {
    expect(pointCoordinates('-1.9441 30.0619 1500 4.5')).toEqual([30.0619, -1.9441, 1500]);
    expect(pointCoordinates('10 20')).toEqual([20, 10]);
    expect(pointCoordinates('')).toBeNull();
    expect(pointCoordinates('north 20')).toBeNull();
    expect(pointCoordinates('95 20')).toBeNull();
    expect(pointCoordinates('10 200')).toBeNull();
  });

  it('writes one Point per response with a point, the other columns as properties', async () => {
    async function* pages() {
      yield [
        submissionOf(fullAnswers, { id: 'a' }),
        submissionOf({ respondent: 'No GPS' }, { id: 'b' }),
        submissionOf({ household: { gps: '0.5 29.5' }, needs: 'food' }, { id: 'c' }),
      ];
    }
    const text = await collect(
      geojsonChunks(plan.main.columns, 'household/gps', tableRows(plan, plan.main, pages())),
    );
    const doc = JSON.parse(text) as {
      type: string;
      features: {
        type: string;
        geometry: { type: string; coordinates: number[] };
        properties: Record<string, unknown>;
      }[];
    };
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features.map((f) => f.geometry)).toEqual([
      { type: 'Point', coordinates: [30.0619, -1.9441, 1500] },
      { type: 'Point', coordinates: [29.5, 0.5] },
    ]);
    const [a, c] = doc.features.map((f) => f.properties);
    expect(Object.keys(a!)).not.toContain('household/gps');
    expect(Object.keys(a!)).not.toContain('household/gps/latitude');
    expect(a).toMatchObject({
      respondent: 'Aline',
      'household/size': 5,
      'household/gps/precision': 4.5,
      needs: 'water shelter',
      'needs/water': 1,
      'needs/food': 0,
      _id: 'a',
      _version: 2,
      _index: 1,
    });
    expect(c).toMatchObject({
      respondent: null,
      'household/gps/precision': null,
      'needs/food': 1,
      _id: 'c',
      _index: 3,
    });
  });

  it('is a valid empty collection when no response has a point', async () => {
    async function* pages() {
      yield [submissionOf({ respondent: 'x' })];
    }
    const text = await collect(
      geojsonChunks(plan.main.columns, 'household/gps', tableRows(plan, plan.main, pages())),
    );
    expect(JSON.parse(text)).toEqual({ type: 'FeatureCollection', features: [] });
  });
});
