import type { Context } from 'hono';
import type { AppBindings } from '../../http/context';
import type { ChatCaller } from './chat-access';

/** What every chat route shares. */
export const tags = ['Team chat'];

export const callerOf = (c: Context<AppBindings>): ChatCaller => ({
  id: c.var.user.id,
  role: c.var.user.role,
  tenant: c.var.tenant,
});

export const tenancy =
  ' Chat is within the caller’s own organisation (SUPER_ADMIN included): another organisation’s ' +
  'conversation, or a private channel or direct conversation the caller is not in, answers 404.';
