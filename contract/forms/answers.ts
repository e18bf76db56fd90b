import { z } from 'zod';
import { text } from '../storable';

/**
 * A response's answers shaped as its XML instance (what ODK and Kobo export): a question's name → its
 * value as text (a select_multiple's choices separated by spaces, a geopoint `lat lon alt accuracy`, a
 * date `YYYY-MM-DD`, a media answer its file's name); a group → its own answers; a repeat → one object
 * per instance, in order. An unanswered question is absent or ''.
 */
export type Answers = { [name: string]: string | Answers | Answers[] };

const MAX_VALUE = 100_000;

export const answers: z.ZodType<Answers> = z.lazy(() =>
  z.record(
    text('Question name').max(100),
    z.union([text('Answer').max(MAX_VALUE, 'An answer is too long.'), answers, z.array(answers).max(1_000)]),
  ),
);
