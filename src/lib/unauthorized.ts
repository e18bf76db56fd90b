/** On these pages a 401 is the caller's business (a wrong password), not an expired session. */
export const authPagesExemptFrom401 = ['/signin', '/signup', '/forgot-password'] as const;

export function isExemptFrom401(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (authPagesExemptFrom401 as readonly string[]).includes(path);
}
