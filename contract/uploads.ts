/*
 * Resumable uploads with the tus protocol 1.0.0 (issue 13, ADR 0031), under /api/uploads, bearer and
 * files:write on every request but OPTIONS. What a client (tus-js-client) needs to know:
 *
 * | Method  | Path               | Sends                                              | Answers                          |
 * |---------|--------------------|----------------------------------------------------|----------------------------------|
 * | OPTIONS | /uploads           | –                                                  | 204 Tus-Version, Tus-Extension, Tus-Max-Size |
 * | POST    | /uploads           | Upload-Length, Upload-Metadata: filename, folderId | 201 Location, Upload-Expires     |
 * | HEAD    | /uploads/{id}      | –                                                  | 200 Upload-Offset, Upload-Length (+ Upload-File-Id once complete) |
 * | PATCH   | /uploads/{id}      | Upload-Offset, Content-Type: application/offset+octet-stream, ≤ 50 MiB | 204 Upload-Offset (+ Upload-File-Id on the last) |
 * | DELETE  | /uploads/{id}      | –                                                  | 204; the quota it held is released |
 *
 * Another user's upload id answers 404, an expired one 410. The file's row is created when the last
 * byte arrives: its id comes in `Upload-File-Id` (the final PATCH, and any HEAD after it), to read
 * with GET /api/files/{id}. A name already used in the folder is made unique then ('name (2).ext').
 */

/** The largest file the resumable path takes (2 GiB); the plan's quota may allow less. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** The largest body of one PATCH; clients send smaller chunks (tus-js-client `chunkSize`). */
export const UPLOAD_CHUNK_MAX_BYTES = 50 * 1024 * 1024;
/** An upload not finished this long after its creation expires and its quota hold is released. */
export const UPLOAD_EXPIRY_HOURS = 24;

/** The response header naming the file a completed upload became. */
export const UPLOAD_FILE_ID_HEADER = 'Upload-File-Id';
