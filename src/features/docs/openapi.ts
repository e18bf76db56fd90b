/**
 * Turns the server's OpenAPI 3.1 document into plain data the reference page renders as text.
 * Only the parts a reader needs are kept; anything unexpected degrades to 'any' instead of failing.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  multipleOf?: number;
  pattern?: string;
};

interface OpenApiParameter {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: {
    required?: boolean;
    description?: string;
    content?: Record<string, { schema?: JsonSchema }>;
  };
  responses?: Record<string, { $ref?: string; description?: string }>;
}

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  tags?: { name: string; description?: string }[];
  security?: Record<string, string[]>[];
  paths?: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, OpenApiParameter>;
    securitySchemes?: Record<string, { type?: string; scheme?: string; bearerFormat?: string }>;
  };
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  constraints: string[];
  description?: string;
  /** Where a parameter travels: 'path', 'query', 'header'; absent for body fields. */
  location?: string;
}

export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  requiresBearer: boolean;
  parameters: FieldRow[];
  body: { required: boolean; contentType: string; fields: FieldRow[] } | null;
  responses: { status: string; description: string }[];
}

export interface ApiTagGroup {
  tag: string;
  description?: string;
  operations: ApiOperation[];
}

const methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
const MAX_DEPTH = 4;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A light shape check, enough to refuse an HTML page or an error body served in its place. */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    isObject(value) &&
    typeof value.openapi === 'string' &&
    (value.paths === undefined || isObject(value.paths))
  );
}

function resolveRef<T>(doc: OpenApiDocument, ref: string | undefined, value: T): T {
  if (!ref?.startsWith('#/')) return value;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return value;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return (isObject(node) ? node : value) as T;
}

const resolveSchema = (doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema =>
  schema ? resolveRef(doc, schema.$ref, schema) : {};

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** 'string', 'integer or null', 'array of string', 'object', a $ref's name... */
export function describeType(doc: OpenApiDocument, raw: JsonSchema | undefined, depth = 0): string {
  if (!raw) return 'any';
  const refName = raw.$ref?.split('/').pop();
  const schema = resolveSchema(doc, raw);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && depth < MAX_DEPTH) {
    return [...new Set(variants.map((v) => describeType(doc, v, depth + 1)))].join(' or ');
  }
  if (schema.allOf && depth < MAX_DEPTH && schema.allOf.length === 1)
    return describeType(doc, schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) {
    if (schema.const !== undefined) return typeof schema.const;
    if (schema.enum) return 'enum';
    if (schema.properties) return refName ?? 'object';
    return refName ?? 'any';
  }
  const named = types.map((t) => {
    if (t === 'array')
      return `array of ${depth < MAX_DEPTH ? describeType(doc, schema.items, depth + 1) : 'any'}`;
    if (t === 'object' && refName) return refName;
    return t;
  });
  if (schema.nullable && !named.includes('null')) named.push('null');
  return named.join(' or ');
}

const bound = (value: number | boolean | undefined, other: number | undefined) =>
  typeof value === 'number' ? value : value === true ? other : undefined;

/** Human wording of the JSON-schema constraints of one field. */
export function describeConstraints(doc: OpenApiDocument, raw: JsonSchema | undefined): string[] {
  const schema = resolveSchema(doc, raw);
  const out: string[] = [];
  if (schema.format) out.push(`format: ${schema.format}`);
  if (schema.enum) out.push(`one of: ${schema.enum.map(show).join(', ')}`);
  if (schema.const !== undefined) out.push(`always ${show(schema.const)}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined)
    out.push(`${schema.minLength} to ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) out.push(`at least ${schema.minLength} characters`);
  else if (schema.maxLength !== undefined) out.push(`at most ${schema.maxLength} characters`);
  if (schema.pattern) out.push(`matches ${schema.pattern}`);
  const exclusiveMin = bound(schema.exclusiveMinimum, schema.minimum);
  const exclusiveMax = bound(schema.exclusiveMaximum, schema.maximum);
  if (exclusiveMin !== undefined) out.push(`greater than ${exclusiveMin}`);
  else if (schema.minimum !== undefined) out.push(`minimum ${schema.minimum}`);
  if (exclusiveMax !== undefined) out.push(`less than ${exclusiveMax}`);
  else if (schema.maximum !== undefined) out.push(`maximum ${schema.maximum}`);
  if (schema.multipleOf !== undefined) out.push(`multiple of ${schema.multipleOf}`);
  if (schema.minItems !== undefined) out.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) out.push(`default: ${show(schema.default)}`);
  return out;
}

/** The fields of an object schema, nested objects flattened as `parent.child` and `list[].child`. */
export function schemaFields(
  doc: OpenApiDocument,
  raw: JsonSchema | undefined,
  prefix = '',
  depth = 0,
): FieldRow[] {
  const schema = resolveSchema(doc, raw);
  const merged = schema.allOf?.length
    ? schema.allOf
        .map((part) => resolveSchema(doc, part))
        .reduce<JsonSchema>(
          (acc, part) => ({
            ...acc,
            properties: { ...acc.properties, ...part.properties },
            required: [...(acc.required ?? []), ...(part.required ?? [])],
          }),
          { properties: schema.properties, required: schema.required },
        )
    : schema;
  const rows: FieldRow[] = [];
  for (const [name, rawProperty] of Object.entries(merged.properties ?? {})) {
    const property = resolveSchema(doc, rawProperty);
    const fullName = `${prefix}${name}`;
    rows.push({
      name: fullName,
      type: describeType(doc, rawProperty),
      required: merged.required?.includes(name) ?? false,
      constraints: describeConstraints(doc, rawProperty),
      description: property.description,
    });
    if (depth >= MAX_DEPTH) continue;
    if (property.properties || property.allOf)
      rows.push(...schemaFields(doc, property, `${fullName}.`, depth + 1));
    const items = resolveSchema(doc, property.items);
    if (items.properties) rows.push(...schemaFields(doc, items, `${fullName}[].`, depth + 1));
  }
  return rows;
}

function requiresBearer(doc: OpenApiDocument, operation: OpenApiOperation): boolean {
  const requirements = operation.security ?? doc.security ?? [];
  const schemes = doc.components?.securitySchemes ?? {};
  // An empty requirement ({}) means 'no authentication' is one of the accepted options.
  if (requirements.some((r) => Object.keys(r).length === 0)) return false;
  return requirements.some((r) =>
    Object.keys(r).some((name) => {
      const scheme = schemes[name];
      return (
        !scheme ||
        (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') ||
        scheme.type === 'oauth2'
      );
    }),
  );
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Operations grouped by their first tag, in the document's tag order, then by first appearance. */
export function groupOperations(doc: OpenApiDocument): ApiTagGroup[] {
  const groups = new Map<string, ApiTagGroup>();
  for (const tag of doc.tags ?? [])
    groups.set(tag.name, { tag: tag.name, description: tag.description, operations: [] });

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as OpenApiParameter[]) : [];
    for (const method of methods) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const op = operation as OpenApiOperation;
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { tag, operations: [] });

      const parameters = [...shared, ...(op.parameters ?? [])]
        .map((p) => resolveRef(doc, p.$ref, p))
        .filter((p) => p.name)
        .map<FieldRow>((p) => ({
          name: p.name!,
          location: p.in,
          type: describeType(doc, p.schema),
          required: p.in === 'path' || Boolean(p.required),
          constraints: describeConstraints(doc, p.schema),
          description: p.description,
        }));

      const content = op.requestBody?.content ?? {};
      const contentType = 'application/json' in content ? 'application/json' : Object.keys(content)[0];
      const bodySchema = contentType ? content[contentType]?.schema : undefined;
      let body: ApiOperation['body'] = null;
      if (contentType) {
        const fields = schemaFields(doc, bodySchema);
        body = {
          required: Boolean(op.requestBody?.required),
          contentType,
          fields: fields.length
            ? fields
            : [
                {
                  name: '(body)',
                  type: describeType(doc, bodySchema),
                  required: true,
                  constraints: describeConstraints(doc, bodySchema),
                },
              ],
        };
      }

      groups.get(tag)!.operations.push({
        id: `op-${method}-${slug(path)}`,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description,
        deprecated: Boolean(op.deprecated),
        requiresBearer: requiresBearer(doc, op),
        parameters,
        body,
        responses: Object.entries(op.responses ?? {})
          .map(([status, response]) => ({
            status,
            description: resolveRef(doc, response?.$ref, response)?.description ?? '',
          }))
          .sort((a, b) => a.status.localeCompare(b.status)),
      });
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}
