/** Inline links of the auth screens: underlined on hover, readable on light and dark cards. */
export const textLinkClass =
  'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';
