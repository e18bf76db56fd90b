/** Postgres unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
