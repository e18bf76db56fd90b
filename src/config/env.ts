import { z } from 'zod';

const clientEnvSchema = z.object({
  VITE_API_BASE_URL: z.string().min(1).default('/api'),
  // The spec's start-up rewrite: a base on the plain backend host moves to the NGO-specific host.
  VITE_PLAIN_BACKEND_HOST: z.string().optional(),
  VITE_NGO_BACKEND_HOST: z.string().optional(),
  VITE_APP_VERSION: z.string().default('dev'),
});

export type ClientEnv = z.infer<typeof clientEnvSchema>;

export function parseClientEnv(source: Record<string, unknown>): ClientEnv {
  const parsed = clientEnvSchema.safeParse(source);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid client build configuration: ${names}`);
  }
  return parsed.data;
}

export const env = parseClientEnv({
  ...import.meta.env,
  VITE_APP_VERSION: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : undefined,
});
