import { ApiError } from '../../services/api-error';

/** Refusals every public form write shares (a response, a response's file), so they read the same. */
export const formNotFound = () => new ApiError(404, 'Form not found.');

export const formClosed = () =>
  new ApiError(409, 'This form is closed and takes no more responses.', { code: 'form_closed' });
