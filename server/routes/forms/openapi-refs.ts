import '@hono/zod-openapi';
import { answers } from '../../../contract/forms/answers';
import { question } from '../../../contract/forms/definition';

/*
 * A question holds questions (groups, repeats) and answers hold answers (repeats): recursive schemas,
 * which the OpenAPI generator can only write as named components referring to themselves. Naming the
 * lazy schemas here (the contract stays plain zod, as the page imports it) gives them those names.
 */
question.openapi('FormQuestion');
answers.openapi('FormAnswers');
