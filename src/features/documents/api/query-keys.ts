/**
 * The certificates screen's query keys: ['documents', kind, …]. The paged lists ('pages', the listing
 * machinery's kind) are kept offline (offline.ts); the settings, volunteers and logo choices are an
 * admin's, asked with a connection; a verification is public and never kept.
 */
export const documentsQueryKeys = {
  all: ['documents'] as const,
  settings: () => ['documents', 'settings'] as const,
  /** The active volunteers a document may be issued to. */
  volunteers: () => ['documents', 'volunteers'] as const,
  /** The PNG and JPEG files a logo may be chosen from. */
  logoFiles: () => ['documents', 'logo-files'] as const,
  /** By the normalized code. */
  verification: (code: string) => ['documents', 'verify', code] as const,
};
