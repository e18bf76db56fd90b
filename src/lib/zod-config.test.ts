import { expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

// Whether zod was loaded before this module or after it, zod itself now reads JIT-less mode.
it('configures zod JIT-less, so it never probes for eval under the CSP', () => {
  expect(z.config().jitless).toBe(true);
  expect(z.object({ email: z.email() }).safeParse({ email: 'a@b.org' }).success).toBe(true);
});
