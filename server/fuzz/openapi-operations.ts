/*
 * The operations of the API as its own OpenAPI document describes them (GET /api/openapi.json), in
 * the small subset of JSON Schema that @hono/zod-openapi writes. The fuzz reads the document rather
 * than a hand-kept list, so a new route is fuzzed the day it is added.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}

export interface Operation {
  method: string;
  /** The OpenAPI path template, e.g. /api/grants/{id}. */
  path: string;
  params: Parameter[];
  /** The JSON body schema, when the operation takes one. */
  body?: JsonSchema;
  /** True when the document asks for a bearer token. */
  secured: boolean;
  /** Roles the summary names, e.g. 'Save a blog post (SUPER_ADMIN)'; empty when it names none. */
  roles: string[];
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        secured: Boolean(op.security?.length),
        roles: rolesIn(op.summary ?? ''),
      });
    }
  }
  return operations;
}

/** The roles a summary ends with in brackets: '(NGO_ADMIN, STAFF)'. */
const rolesIn = (summary: string) => /\(([A-Z_]+(?:, [A-Z_]+)*)\)\s*$/.exec(summary)?.[1]?.split(', ') ?? [];

/** 'POST /api/grants/{id}': how failures and known failures name an operation. */
export const operationName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;
