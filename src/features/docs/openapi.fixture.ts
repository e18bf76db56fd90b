import type { OpenApiDocument } from './openapi';

const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['message', 'code'],
};

/** A small document shaped like the server's /api/openapi.json. */
export const openApiFixture: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'NGO Portal API', version: '1.0.0' },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    schemas: {
      Member: {
        type: 'object',
        properties: { id: { type: 'string' }, role: { type: 'string', enum: ['STAFF', 'VIEWER'] } },
        required: ['id'],
      },
    },
  },
  paths: {
    '/api/health': {
      get: {
        tags: ['System'],
        summary: 'Liveness and database reachability',
        responses: {
          '200': { description: 'The API and its database answer' },
          '503': { description: 'The database does not answer' },
        },
      },
    },
    '/api/auth/signin': {
      post: {
        tags: ['Auth'],
        summary: 'Sign in with email and password',
        description: 'Answers `403` with code `email_not_verified` until the address is verified.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  email: { type: 'string', minLength: 1, maxLength: 254, format: 'email' },
                  password: { type: 'string', minLength: 1, maxLength: 128 },
                  remember: { type: ['boolean', 'null'], default: false },
                },
                required: ['email', 'password'],
              },
            },
          },
        },
        responses: {
          '200': { description: 'Signed in' },
          '400': { description: 'Invalid input', content: { 'application/json': { schema: errorSchema } } },
          '401': { description: 'Wrong email or password' },
        },
      },
    },
    '/api/ngos/{ngoId}/members': {
      get: {
        tags: ['Organisations'],
        summary: "List an organisation's members",
        security: [{ bearerAuth: [] }],
        parameters: [
          {
            name: 'ngoId',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^[0-9a-z]{26}$' },
          },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        ],
        responses: { '200': { description: 'The members' }, '401': { description: 'No valid token' } },
      },
      post: {
        tags: ['Organisations'],
        summary: 'Add members',
        security: [{ bearerAuth: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  members: { type: 'array', items: { $ref: '#/components/schemas/Member' }, maxItems: 50 },
                },
                required: ['members'],
              },
            },
          },
        },
        responses: { '201': { description: 'Added' } },
      },
    },
  },
};
