/** Inline links of the landing page: readable on light and dark backgrounds (AA). */
export const textLinkClass =
  'font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-100';
