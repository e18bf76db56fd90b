import { normalizeRole } from '@contract/roles';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * A calendar date ('2025-03-14') is read as that day in the user's time zone: `new Date('2025-03-14')`
 * would be UTC midnight and show as the 13th west of Greenwich.
 */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = DATE_ONLY.exec(value);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in the user's locale, e.g. 'Mar 14, 2025' or '14 Mar 2025'; '' when unknown. */
export function formatDate(value: string | null | undefined, locale?: string): string {
  const date = parseDate(value);
  return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date) : '';
}

export function formatNumber(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Whole calendar days from today to the date (negative once past), or null when unknown. */
export function daysUntil(value: string | null | undefined, now: Date = new Date()): number | null {
  const date = parseDate(value);
  if (!date) return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  // Rounding absorbs the 23- or 25-hour days of a daylight-saving change.
  return Math.round((day.getTime() - today.getTime()) / DAY_MS);
}

export function daysLeftLabel(days: number): string {
  if (days < 0) return 'Closed';
  if (days === 0) return 'Closes today';
  if (days === 1) return '1 day left';
  return `${days} days left`;
}

/** 'starter' → 'Starter', 'ngo_pro' → 'Ngo Pro'. */
export function planLabel(plan: string): string {
  const words = plan
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return 'Unknown';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

const roleLabels: Record<string, string> = {
  SUPER_ADMIN: 'Super admins',
  ADMIN: 'Admins',
  NGO_ADMIN: 'NGO admins',
  STAFF: 'Staff',
  VOLUNTEER: 'Volunteers',
  ANALYST: 'Analysts',
  VIEWER: 'Viewers',
};

export function roleLabel(role: string): string {
  const r = normalizeRole(role);
  if (roleLabels[r]) return roleLabels[r];
  const words = r
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Other';
}

export interface RoleCount {
  role: string;
  label: string;
  count: number;
  /** Share of all members, 0-100, rounded. */
  percent: number;
}

/** Members by role, largest group first; 'admin' and 'ADMIN' are one group. */
export function roleBreakdown(byRole: Record<string, number>): RoleCount[] {
  const merged = new Map<string, number>();
  for (const [role, count] of Object.entries(byRole)) {
    if (!Number.isFinite(count) || count <= 0) continue;
    const r = normalizeRole(role);
    merged.set(r, (merged.get(r) ?? 0) + count);
  }
  const total = [...merged.values()].reduce((a, b) => a + b, 0);
  return [...merged.entries()]
    .map(([role, count]) => ({
      role,
      label: roleLabel(role),
      count,
      percent: total ? Math.round((count / total) * 100) : 0,
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
