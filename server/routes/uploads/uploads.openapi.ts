import type { OpenAPIHono } from '@hono/zod-openapi';
import { errorBody } from '../../../contract/errors';
import { MEDIA_ALREADY_RECEIVED, MEDIA_PER_RESPONSE_MAX } from '../../../contract/forms/media';
import {
  UPLOAD_CHUNK_MAX_BYTES,
  UPLOAD_EXPIRY_HOURS,
  UPLOAD_FILE_ID_HEADER,
} from '../../../contract/uploads';
import type { AppBindings } from '../../http/context';
import { FORM_MEDIA_PER_IP, TUS_VERSION, UPLOADS_PATH } from './uploads.routes';

const header = (description: string, required = true, pattern?: string) => ({
  description,
  required,
  schema: { type: 'string' as const, ...(pattern && { pattern }) },
});

/**
 * The tus endpoints are not zod routes (tus speaks in headers); they are written into the OpenAPI
 * document by hand, so /api/openapi.json still documents every route.
 */
export function registerUploadsOpenApi(registry: OpenAPIHono<AppBindings>['openAPIRegistry']) {
  const tags = ['Uploads'];
  // A response's file needs no token (the empty alternative): see the creation's description.
  const security: Record<string, string[]>[] = [{ bearerAuth: [] }, {}];
  const formMediaNote =
    ' A response’s file (its upload was created with `formId`) is reached without a token: no Authorization ' +
    'header at all (any other upload without one is a 401). With a token, only the token’s own uploads.';
  const tusResumable = { name: 'Tus-Resumable', in: 'header' as const, ...header(`Always ${TUS_VERSION}.`) };
  const idParam = {
    name: 'uploadId',
    in: 'path' as const,
    required: true,
    schema: { type: 'string' as const },
    description: 'From the Location of the creation.',
  };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: errorBody } },
  });
  const common = {
    401: error('Missing, invalid or revoked bearer token'),
    403: error('The role may not upload files (files:write)'),
    404: error('No such upload, or another user’s'),
    412: error('Tus-Resumable is missing or not 1.0.0'),
  };
  const offsetHeaders = {
    'Upload-Offset': { description: 'Bytes stored so far', schema: { type: 'string' as const } },
    'Tus-Resumable': { description: TUS_VERSION, schema: { type: 'string' as const } },
  };
  const fileIdHeader = {
    [UPLOAD_FILE_ID_HEADER]: {
      description: 'Once complete: the id of the file the upload became (GET /api/files/{fileId})',
      schema: { type: 'string' as const },
    },
  };

  registry.registerPath({
    method: 'options',
    path: UPLOADS_PATH,
    tags,
    summary: 'What the tus server supports (no token needed)',
    responses: {
      204: {
        description:
          'Tus-Version, Tus-Extension (creation, creation-with-upload, termination, expiration) and Tus-Max-Size',
      },
    },
  });
  registry.registerPath({
    method: 'post',
    path: UPLOADS_PATH,
    tags,
    security,
    summary: 'Start a resumable (tus) upload (files:write), or a form response’s file (no token)',
    description:
      'tus 1.0.0 creation. `Upload-Length` is the file’s exact size (no deferred length), at most 2 GiB; the ' +
      'organisation’s storage holds it from now until the upload completes or ends: past the plan’s limit the answer ' +
      `is 413 \`storage_quota_exceeded\`, saying what is left. \`Upload-Metadata\` carries \`filename\` (a file name, ` +
      'checked as every item name: 400 with `fields.filename`) and optionally `folderId` (a live folder of the ' +
      'organisation: 400 with `fields.folderId` otherwise), both base64 as tus wants. The answer’s `Location` is ' +
      `the upload’s address; send the bytes there with PATCH in chunks of at most ${UPLOAD_CHUNK_MAX_BYTES} bytes. ` +
      `An upload not finished within ${UPLOAD_EXPIRY_HOURS} hours (\`Upload-Expires\`) is removed and its hold released. ` +
      'A zero-byte file is complete at once (`Upload-File-Id`).\n\n' +
      '**A form response’s file** (a photo, audio, video, file or signature answer): `Upload-Metadata` carries ' +
      '`filename` (the answer’s value), `formId` and `instanceId` (the response’s UUID), and no token is needed, ' +
      'with or without one: the open form is the permission (the public fill link). The file goes to the form’s ' +
      'own Cloud Storage folder (`<title> – responses`, made on the first file), owned by the form’s creator, and ' +
      'counts against the organisation’s quota; `folderId` is ignored. It may come before or after the response; ' +
      'once the upload completes, the response lists it as received. Refusals: an unknown or never-published form ' +
      '404; a closed one 409 `form_closed`; a form whose organisation has no admin left 409 `form_owner_missing`; ' +
      `a file of the response that already arrived 409 \`${MEDIA_ALREADY_RECEIVED}\` (count it as sent); a response ` +
      'already stored whose answers do not name the file 400 with `fields.filename`; a bad instance id 400 with ' +
      `\`fields.instanceId\`; more than ${MEDIA_PER_RESPONSE_MAX} files for one response 400 \`too_many_media\`; ` +
      `more than ${FORM_MEDIA_PER_IP.max} files per address every ${FORM_MEDIA_PER_IP.windowSeconds / 60} minutes ` +
      '429. Starting the same file again before it completed ends the earlier upload.',
    parameters: [
      tusResumable,
      { name: 'Upload-Length', in: 'header', ...header('The file’s size in bytes', true, '^[0-9]+$') },
      {
        name: 'Upload-Metadata',
        in: 'header',
        ...header(
          '`filename <base64>`, optionally `,folderId <base64>`; a response’s file: `filename`, `formId`, `instanceId`',
        ),
      },
    ],
    responses: {
      201: {
        description: 'Created',
        headers: {
          Location: { description: '/api/uploads/{uploadId}', schema: { type: 'string' } },
          'Upload-Expires': {
            description: 'When an unfinished upload is removed',
            schema: { type: 'string' },
          },
          ...fileIdHeader,
        },
      },
      400: error(
        'Bad Upload-Length or Upload-Metadata; `fields` names filename, folderId or instanceId; `too_many_media`',
      ),
      ...common,
      404: error('A response’s file: no such form, or never published'),
      409: error('A response’s file: `form_closed`, `media_already_received` or `form_owner_missing`'),
      413: error('Over 2 GiB (`upload_too_large`) or past the storage quota (`storage_quota_exceeded`)'),
      429: error('A response’s file: too many from this address'),
    },
  });
  registry.registerPath({
    method: 'head',
    path: `${UPLOADS_PATH}/{uploadId}`,
    tags,
    security,
    summary: 'How much of an upload is stored: resume from Upload-Offset (files:write)',
    description: formMediaNote.trim(),
    parameters: [idParam, tusResumable],
    responses: {
      200: {
        description: 'The offset; Upload-File-Id once complete',
        headers: { ...offsetHeaders, 'Upload-Length': { schema: { type: 'string' } }, ...fileIdHeader },
      },
      ...common,
      410: error('The upload expired'),
    },
  });
  registry.registerPath({
    method: 'patch',
    path: `${UPLOADS_PATH}/{uploadId}`,
    tags,
    security,
    summary: 'Append a chunk of an upload at Upload-Offset (files:write)',
    description:
      `One chunk of at most ${UPLOAD_CHUNK_MAX_BYTES} bytes, with \`Content-Type: application/offset+octet-stream\`. ` +
      'A connection cut mid-chunk keeps the bytes that arrived: HEAD tells where to resume. When the last byte ' +
      'arrives the file is made (type sniffed from the bytes, SHA-256 computed, usage settled) in the upload’s folder, ' +
      'named as asked or, when that name is taken meanwhile, `name (2).ext`; `Upload-File-Id` names it. ' +
      'Another process holding the upload is asked to let go; one that does not within 30 s answers 423. ' +
      'A response’s file completes its response’s `media` entry (received).' +
      formMediaNote,
    parameters: [
      idParam,
      tusResumable,
      { name: 'Upload-Offset', in: 'header', ...header('Where this chunk starts', true, '^[0-9]+$') },
    ],
    request: {
      body: {
        required: true,
        content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    },
    responses: {
      204: { description: 'Stored', headers: { ...offsetHeaders, ...fileIdHeader } },
      400: error('A bad header'),
      ...common,
      409: error('Upload-Offset is not the stored offset (`upload_offset_conflict`)'),
      410: error('The upload expired'),
      413: error('More bytes than declared, or a chunk over the limit; or the quota at completion'),
      423: error('Another request holds the upload (`upload_locked`)'),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: `${UPLOADS_PATH}/{uploadId}`,
    tags,
    security,
    summary: 'Cancel an upload: its bytes go and its quota hold is released (files:write)',
    description: formMediaNote.trim(),
    parameters: [idParam, tusResumable],
    responses: {
      204: { description: 'Ended' },
      ...common,
      409: error('The upload is complete (`upload_complete`): delete the file instead'),
      410: error('The upload expired'),
    },
  });
}
