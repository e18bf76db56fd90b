import { describe, expect, it } from 'vitest';
import { chartSummary } from './hours-chart-data';
import { nextPhotoName, timeLeft } from './photo-names';
import { liveMinutes, newReportValues, toReportBody, typedMinutes } from './report-form';
import { summaryOf } from './testing';

describe('report form logic', () => {
  it('sends only the chosen way of giving the time', () => {
    const values = { ...newReportValues('2026-11-20'), startTime: '09:00', endTime: '10:00', hours: '3' };
    expect(toReportBody(values, [])).toMatchObject({ startTime: '09:00', endTime: '10:00', minutes: null });
    expect(toReportBody({ ...values, timeMode: 'hours' }, ['photo-1.jpg'])).toMatchObject({
      startTime: null,
      endTime: null,
      minutes: 180,
      photos: ['photo-1.jpg'],
    });
  });

  it('reads hours and minutes as typed', () => {
    expect(typedMinutes('', '')).toBeNull();
    expect(typedMinutes('1', '')).toBe(60);
    expect(typedMinutes('', '45')).toBe(45);
    expect(typedMinutes('1.5', '')).toBeNaN();
    expect(typedMinutes('1', '60')).toBeNaN();
    expect(
      liveMinutes({ timeMode: 'span', startTime: '10:00', endTime: '09:00', hours: '', minutes: '' }),
    ).toBeNull();
  });

  it('names photos photo-1.jpg… with the first free number and the type’s extension', () => {
    expect(nextPhotoName([], 'image/jpeg')).toBe('photo-1.jpg');
    expect(nextPhotoName(['photo-1.jpg', 'photo-3.jpg'], 'image/png')).toBe('photo-2.png');
  });

  it('says the time left of a send', () => {
    expect(timeLeft(0, 50_000, 2_000)).toBe('about 25 s left');
    expect(timeLeft(0, 200_000, 2_000)).toBe('about 2 min left');
    expect(timeLeft(0, 1_000_000, 2_000)).toBe('about 9 min left');
    expect(timeLeft(0, 10, 0)).toBe('');
  });

  it('sums a chart up in a sentence, even an empty one', () => {
    const empty = summaryOf({
      byMonth: summaryOf().byMonth.map((m) => ({ ...m, service: 0, training: 0 })),
    });
    expect(chartSummary(empty.byMonth)).toBe(
      'Approved hours by month, December 2025 to November 2026: no approved hours yet.',
    );
  });
});
