import { describe, expect, it } from 'vitest';
import { DEFAULT_GRANT_IMAGE, grantImageSrc, isDefaultGrantImage } from './grant-image';

describe('the default grant image rule (SPEC §3)', () => {
  it.each([
    null,
    undefined,
    '',
    '   ',
    'funding-opportunity.png',
    ' Funding-Opportunity.PNG ',
    'Grant Opportunity',
    'grant opportunity',
    'https://cdn.example.org/img/default-blue-background.png',
    'https://cdn.example.org/img/Default_Blue_Background@2x.jpg',
    'https://old.ngoportal.org/static/media/grant-card.1a2b3c.png',
    '/static/images/grants/placeholder.jpg',
  ])('uses the default image for %o', (value) => {
    expect(isDefaultGrantImage(value)).toBe(true);
    expect(grantImageSrc(value)).toBe(DEFAULT_GRANT_IMAGE);
  });

  it.each([
    'https://images.example.org/water.png',
    'https://cdn.example.org/funding-opportunity-2025.png',
    'https://example.org/blue-background.png',
  ])('keeps a grant’s own image %s', (value) => {
    expect(isDefaultGrantImage(value)).toBe(false);
    expect(grantImageSrc(` ${value} `)).toBe(value);
  });
});
