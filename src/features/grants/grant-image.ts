import defaultGrantImage from './assets/grant-default.svg?inline';

/**
 * In the code and the page as a data URL (under 1 KB of SVG), so a card never waits on, or breaks
 * with, a remote image, and the listing's first paint asks for no picture at all: on 2G a request
 * before the first paint competes with the stylesheet (ADR 0035).
 */
export const DEFAULT_GRANT_IMAGE: string = defaultGrantImage;

/** SPEC §3: stored placeholder values that mean "no image of its own". */
const placeholderValues = new Set(['funding-opportunity.png', 'grant opportunity']);

/**
 * SPEC §3 also replaces URLs of the old site's stock pictures: the blue default background (any
 * spelling of its file name) and anything under the old brand's static folder, which no longer
 * serves. The spec names these only in words; these patterns are our reading of them.
 */
const placeholderUrlPatterns = [/default[-_ ]?blue[-_ ]?background/i, /\/static\/(?:media|images?)\//i];

/** True when the stored image means the default grant image. */
export function isDefaultGrantImage(imageUrl: string | null | undefined): boolean {
  const value = imageUrl?.trim() ?? '';
  if (!value) return true;
  if (placeholderValues.has(value.toLowerCase())) return true;
  return placeholderUrlPatterns.some((pattern) => pattern.test(value));
}

/** The image a grant card shows. */
export const grantImageSrc = (imageUrl: string | null | undefined) =>
  isDefaultGrantImage(imageUrl) ? DEFAULT_GRANT_IMAGE : imageUrl!.trim();
