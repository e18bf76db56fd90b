/**
 * Build-time client settings. Parsed by hand, not with zod: this module is on every page's
 * critical path, and the full zod build would double the landing page's JavaScript.
 */
export interface ClientEnv {
  VITE_API_BASE_URL: string;
  /** SPEC §7 start-up rewrite: a base on the plain backend host moves to the NGO-specific host. */
  VITE_PLAIN_BACKEND_HOST?: string;
  VITE_NGO_BACKEND_HOST?: string;
  /**
   * SPEC §7: the public blogs page calls a fixed absolute backend address for GET /blogs. Defaults
   * to the API base (VITE_API_BASE_URL), so one backend serves both unless a deployment splits them.
   */
  VITE_BLOGS_API_BASE_URL: string;
  VITE_APP_VERSION: string;
}

const optionalString = (source: Record<string, unknown>, name: string): string | undefined => {
  const value = source[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw new Error(`Invalid client build configuration: ${name} must be a string`);
  return value;
};

export function parseClientEnv(source: Record<string, unknown>): ClientEnv {
  const apiBase = optionalString(source, 'VITE_API_BASE_URL') ?? '/api';
  return {
    VITE_API_BASE_URL: apiBase,
    VITE_PLAIN_BACKEND_HOST: optionalString(source, 'VITE_PLAIN_BACKEND_HOST'),
    VITE_NGO_BACKEND_HOST: optionalString(source, 'VITE_NGO_BACKEND_HOST'),
    VITE_BLOGS_API_BASE_URL: optionalString(source, 'VITE_BLOGS_API_BASE_URL') ?? apiBase,
    VITE_APP_VERSION: optionalString(source, 'VITE_APP_VERSION') ?? 'dev',
  };
}

export const env = parseClientEnv({
  ...import.meta.env,
  VITE_APP_VERSION: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : undefined,
});
