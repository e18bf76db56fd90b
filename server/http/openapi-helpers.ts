import { errorBody } from '../contract/errors';
import { errorResponses } from './router';

type Status = keyof typeof errorResponses;

/** The documented error answers of a route, all in the one error shape. */
export function errors(...statuses: Status[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: errorResponses[s], content: { 'application/json': { schema: errorBody } } },
    ]),
  ) as Record<Status, { description: string; content: { 'application/json': { schema: typeof errorBody } } }>;
}

export const jsonBody = <T>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const jsonResponse = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const bearer = [{ bearerAuth: [] }];
