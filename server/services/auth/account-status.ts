import { memberErrorCodes } from '../../../contract/members';
import { ApiError } from '../api-error';

/*
 * A deactivated member (issue 15, ADR 0041) keeps their account but may not use it: sign-in refuses
 * them after the password check (403), and any token they still hold is refused (401), so the client
 * signs out. Both answers carry this message and code.
 */

export const accountDeactivatedMessage =
  "This account has been deactivated. Ask your organisation's admin to reactivate it.";

export const accountDeactivated = (status: 401 | 403) =>
  new ApiError(status, accountDeactivatedMessage, { code: memberErrorCodes.accountDeactivated });
