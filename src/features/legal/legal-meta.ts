/** Shown under both titles; change it with the text. */
export const legalLastUpdated = '22 November 2026';
