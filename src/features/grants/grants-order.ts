import type { GrantSortField, GrantSummary, SortOrder } from '@contract/grants';

/*
 * The server's ORDER BY of GET /api/grants (routes/grants/grants.handlers.ts `grantOrder`) in the
 * page, for lists answered offline from a saved superset. Keep the two in step.
 */

type Sortable = Pick<GrantSummary, 'id' | 'title' | 'postDate' | 'deadlineDate' | 'grantSize'>;

const cmp = <T extends string | number>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The largest amount named in a free-text size, as the generated `grant_size_amount` column reads
 * it (db/schema/content.ts): the last number, times a k / m / bn word after it; null without digits.
 */
export function grantSizeAmount(size: string): number | null {
  if (!/[0-9]/.test(size)) return null;
  const match = /([0-9][0-9,]*(?:\.[0-9]+)?)[^0-9]*$/.exec(size);
  if (!match) return null;
  const amount = Number(match[1]!.replaceAll(',', ''));
  const scale = /[0-9]\s*(billion|bn)\b[^0-9]*$/i.test(size)
    ? 1e9
    : /[0-9]\s*(million|mn|m)\b[^0-9]*$/i.test(size)
      ? 1e6
      : /[0-9]\s*(thousand|k)\b[^0-9]*$/i.test(size)
        ? 1e3
        : 1;
  return amount * scale;
}

/** Nulls last in both directions, as `nulls last` does. */
function nullsLast<T extends string | number>(a: T | null, b: T | null, dir: number) {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return dir * cmp(a, b);
}

export function compareGrants(sortBy: GrantSortField = 'postDate', sortOrder: SortOrder = 'desc') {
  const dir = sortOrder === 'asc' ? 1 : -1;
  const newestFirst = (a: Sortable, b: Sortable) => -cmp(a.postDate, b.postDate) || -cmp(a.id, b.id);
  switch (sortBy) {
    case 'deadlineDate':
      return (a: Sortable, b: Sortable) =>
        nullsLast(a.deadlineDate, b.deadlineDate, dir) || newestFirst(a, b);
    case 'title':
      return (a: Sortable, b: Sortable) =>
        dir * cmp(a.title.toLowerCase(), b.title.toLowerCase()) ||
        dir * cmp(a.title, b.title) ||
        dir * cmp(a.id, b.id);
    case 'grantSize': {
      const amounts = new Map<Sortable, number | null>();
      const amount = (g: Sortable) => {
        if (!amounts.has(g)) amounts.set(g, grantSizeAmount(g.grantSize));
        return amounts.get(g)!;
      };
      return (a: Sortable, b: Sortable) => nullsLast(amount(a), amount(b), dir) || newestFirst(a, b);
    }
    case 'postDate':
    default:
      return (a: Sortable, b: Sortable) => dir * cmp(a.postDate, b.postDate) || dir * cmp(a.id, b.id);
  }
}
