import { allNavItems } from '@/config/nav';
import { publicPageTitles, siteTitle, titled } from '@/config/page-titles';

/** Pages outside the menus, matched by their path's shape. */
const patternTitles: [RegExp, string][] = [
  [/^\/[a-z0-9]+-callback$/, titled('Payment')],
  [/^\/[a-z0-9]+-success$/, titled('Thank you')],
  [/^\/causes\/(create|new)$/, titled('Create a cause')],
  [/^\/causes\/edit\//, titled('Edit cause')],
];

/**
 * The document title for a path: a public page's own, else the portal menu entry it falls under
 * (a detail page under its listing), else the site's name. Screen readers announce it and the task
 * switcher shows it, so it follows client-side navigation.
 */
export function titleForPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = publicPageTitles[path];
  if (exact) return exact;
  for (const [pattern, title] of patternTitles) if (pattern.test(path)) return title;
  const candidates = [
    ...Object.entries(publicPageTitles)
      .filter(([to]) => to !== '/')
      .map(([to, title]) => ({ to, title })),
    ...allNavItems().map((item) => ({ to: item.to, title: titled(item.label) })),
  ].filter((c) => path === c.to || path.startsWith(`${c.to}/`));
  const closest = candidates.sort((a, b) => b.to.length - a.to.length)[0];
  return closest?.title ?? siteTitle;
}
