import { describe, expect, it } from 'vitest';
import { binLabel, choiceRows, plotBox, wholeBins } from './chart-data';
import { surveyDefinition } from './testing';

describe('chart data', () => {
  it('labels the counted choices with their shares, then the choices nobody chose', () => {
    const rows = choiceRows(
      { answered: 4, counts: [{ value: 'yes', count: 3 }] },
      surveyDefinition.choices.yesno!,
      'English (en)',
    );
    expect(rows).toEqual([
      { value: 'yes', label: 'Yes', count: 3, share: 0.75 },
      { value: 'no', label: 'No', count: 0, share: 0 },
    ]);
  });

  it('words bins as whole-number ranges or as decimal ranges', () => {
    const whole = [
      { from: 20, to: 23, count: 1 },
      { from: 23, to: 26, count: 0 },
    ];
    expect(wholeBins('integer', whole)).toBe(true);
    expect(binLabel(whole[0]!, true)).toBe('20–22');
    expect(binLabel({ from: 7, to: 8, count: 2 }, true)).toBe('7');
    expect(wholeBins('decimal', whole)).toBe(false);
    expect(binLabel({ from: 10.5, to: 11.45, count: 1 }, false)).toBe('10.5 to 11.45');
  });

  it('frames the positions north up, inside the drawing', () => {
    const box = plotBox([
      [-1.95, 30.06],
      [-2.1, 30.4],
    ])!;
    expect(box).toMatchObject({ minLat: -2.1, maxLat: -1.95, minLon: 30.06, maxLon: 30.4 });
    const north = box.place([-1.95, 30.06]);
    const south = box.place([-2.1, 30.4]);
    expect(north.y).toBeLessThan(south.y);
    expect(north.x).toBeLessThan(south.x);
    for (const p of [north, south]) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(box.width);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(box.height);
    }
    expect(plotBox([[0, 0]])).toMatchObject({ minLat: -0.005, maxLat: 0.005 });
    expect(plotBox([])).toBeUndefined();
  });
});
