import * as contract from '@mediabox/contract';
import { endpointEntries, pathParamNames, type EndpointEntry } from '@mediabox/contract';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of the API, generated from the contract's endpoint table (the same
 * table the routes are registered from): paths, parameters, JSON and multipart bodies, answers,
 * every error status with the error shape, and the bearer security each access rule implies.
 * Checked in as docs/api/openapi.json (`npm run openapi`), served at /api/openapi.json.
 */

type JsonSchema = Record<string, unknown>;
type Document = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

const SCHEMA_REF = '#/components/schemas/';
const PLACEHOLDER_ID = '__endpoint_schema__';
const PLACEHOLDER_URI = `urn:placeholder:`;

/** Error statuses, their response component and what they mean in this API. */
const ERRORS: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid request: a parameter, query value or body field failed validation (`fields` names them).',
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid session: sign in first (or the credentials are wrong).',
  },
  403: {
    name: 'Forbidden',
    description: 'Signed in, but not allowed (role, account state or a forged link).',
  },
  404: { name: 'NotFound', description: 'Nothing of that name or id.' },
  408: { name: 'RequestTimeout', description: 'The request body arrived too slowly.' },
  409: { name: 'Conflict', description: 'The request conflicts with the current state.' },
  410: { name: 'Gone', description: 'The link or ticket has expired, or its content was withdrawn.' },
  413: { name: 'PayloadTooLarge', description: 'The body, a file or the number of files is over the limit.' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body or an uploaded file is of a kind not accepted.',
  },
  416: {
    name: 'RangeNotSatisfiable',
    description: 'The `Range` lies outside the file; `Content-Range` names the size.',
  },
  422: {
    name: 'UnprocessableContent',
    description: 'A file was refused by its content (`fields` names the files).',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Over the rate limit: try again after `Retry-After` seconds.',
  },
  500: {
    name: 'InternalError',
    description: 'A fault of the server (logged); the answer carries no details.',
  },
};

const ACCESS_TEXT: Record<contract.Access, string> = {
  public: 'Access: anyone.',
  user: 'Access: signed-in users with an approved, active account.',
  internal: 'Access: staff (jde) and super users.',
  super: 'Access: super users.',
};

const TAGS = [
  { name: 'user', description: 'Accounts: sign-in, registration, profile, links (spec 7.1)' },
  { name: 'tracking', description: 'Tracking consent and first-party page views' },
  { name: 'catalogue', description: 'Categories, assets, files by ticket, GS1 links (spec 7.2)' },
  { name: 'search', description: 'Catalogue search' },
  { name: 'cart', description: 'The cart (spec 7.3)' },
  { name: 'lists', description: 'Named lists, shared read-only (issue 22.4)' },
  { name: 'delivery', description: 'Download bundles and sent carts (spec 7.2, 7.4)' },
  { name: 'orders', description: 'Orders and their files (spec 7.5)' },
  { name: 'admin', description: 'Administration (super users)' },
  { name: 'settings', description: 'Public settings of the operator' },
  { name: 'health', description: 'Liveness and readiness' },
  { name: 'docs', description: 'This description' },
];

/**
 * Every schema the contract exports by a capitalised name becomes a component of that name (the
 * first in alphabetical order when one schema has two names: module namespaces are not ordered
 * alike by every loader, and the document must not change with the loader).
 */
function contractRegistry() {
  const registry = z.registry<{ id: string }>();
  const exports = Object.entries(contract).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of exports) {
    if (/^[A-Z]/.test(name) && value instanceof z.ZodType && !registry.has(value)) {
      registry.add(value, { id: name });
    }
  }
  return registry;
}

/** Drops keywords zod stamps on a root schema that mean nothing inside the document. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, id: _plainId, ...rest } = schema;
  return rest;
}

const fixRefs = (schema: unknown): JsonSchema =>
  JSON.parse(JSON.stringify(schema), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(PLACEHOLDER_URI)
      ? `${SCHEMA_REF}${value.slice(PLACEHOLDER_URI.length)}`
      : value,
  ) as JsonSchema;

class SchemaWriter {
  private readonly registry = contractRegistry();
  private readonly used = new Set<string>();

  private readonly options = {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  } as const;

  /** An answer: a reference to its component, nested components referenced too. */
  output(schema: z.ZodType): JsonSchema {
    const id = this.registry.get(schema)?.id;
    if (id) {
      this.used.add(id);
      return { $ref: `${SCHEMA_REF}${id}` };
    }
    const single = z.registry<{ id: string }>();
    single.add(schema, { id: PLACEHOLDER_ID });
    const converted = z.toJSONSchema(single, {
      ...this.options,
      io: 'output',
      metadata: this.registry,
      uri: (ref) => `${PLACEHOLDER_URI}${ref}`,
    }).schemas[PLACEHOLDER_ID]!;
    return fixRefs(clean(converted as JsonSchema));
  }

  /** A request part: inline, as a client writes it (defaults optional, coerced values as their type). */
  input(schema: z.ZodType): JsonSchema {
    return clean(z.toJSONSchema(schema, { ...this.options, io: 'input' }) as JsonSchema);
  }

  /** The components the answers used, with those they reference in turn. */
  components(): Record<string, JsonSchema> {
    const all = z.toJSONSchema(this.registry, {
      ...this.options,
      io: 'output',
      uri: (ref) => `${PLACEHOLDER_URI}${ref}`,
    }).schemas;
    const needed = new Set<string>();
    const visit = (id: string) => {
      if (needed.has(id)) return;
      needed.add(id);
      for (const match of JSON.stringify(all[id]).matchAll(/"urn:placeholder:([A-Za-z0-9_]+)"/g))
        visit(match[1]!);
    };
    for (const id of [...this.used, 'ErrorAnswer']) visit(id);
    return Object.fromEntries([...needed].sort().map((id) => [id, fixRefs(clean(all[id] as JsonSchema))]));
  }
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(entry: EndpointEntry, writer: SchemaWriter): JsonSchema[] {
  const result: JsonSchema[] = [];
  const params = entry.params ? writer.input(entry.params) : undefined;
  const pathProperties = (params?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathParamNames(entry.path)) {
    result.push({ name, in: 'path', required: true, schema: pathProperties[name] ?? { type: 'string' } });
  }
  if (entry.query) {
    const query = writer.input(entry.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      result.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return result;
}

function requestBody(entry: EndpointEntry, writer: SchemaWriter): JsonSchema | undefined {
  const content: Record<string, unknown> = {};
  let required = true;
  if (entry.body) {
    content['application/json'] = { schema: writer.input(entry.body) };
    required = !entry.body.safeParse(undefined).success;
  }
  if (entry.multipart) {
    const { files, jsonFields = [] } = entry.multipart;
    const fieldSchema = entry.multipart.fields ?? entry.body;
    const fields = fieldSchema ? writer.input(fieldSchema) : { type: 'object', properties: {} };
    const binary = { type: 'string', format: 'binary' };
    const fileProperty =
      files.max === 1
        ? { ...binary, description: 'The file' }
        : { type: 'array', items: binary, maxItems: files.max, description: `At most ${files.max} files` };
    const schema = {
      ...fields,
      properties: { ...(fields.properties as JsonSchema | undefined), [files.name]: fileProperty },
      required: [
        ...((fields.required as string[] | undefined) ?? []),
        ...(files.required ? [files.name] : []),
      ],
    };
    content['multipart/form-data'] = {
      schema,
      ...(jsonFields.length > 0
        ? {
            encoding: Object.fromEntries(
              jsonFields.map((name) => [name, { contentType: 'application/json' }]),
            ),
          }
        : {}),
    };
  }
  if (Object.keys(content).length === 0) return undefined;
  return { required, content };
}

/** The error statuses of an endpoint: its own, and those its access rule and input imply. */
export function errorStatuses(entry: EndpointEntry): number[] {
  const statuses = new Set<number>([400, 500, ...(entry.errors ?? [])]);
  if (entry.access !== 'public') statuses.add(401);
  if (entry.access === 'internal' || entry.access === 'super') statuses.add(403);
  if (entry.body || entry.multipart) for (const status of [408, 413, 415]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function responses(entry: EndpointEntry, writer: SchemaWriter, head: boolean): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const status = String(entry.status ?? 200);
  if (entry.answer) {
    result[status] = {
      description: 'Success',
      content: { 'application/json': { schema: writer.output(entry.answer) } },
    };
  } else if (entry.file) {
    const { types, description, ranges } = entry.file;
    const content = head
      ? undefined
      : Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
    result[status] = { description, ...(content ? { content } : {}) };
    if (ranges) result['206'] = { description: `Part of it (\`Range\`)`, ...(content ? { content } : {}) };
    if (entry.name === 'file') result['304'] = { description: 'Not modified (`If-None-Match`)' };
  } else if (entry.status === 302) {
    result[status] = {
      description: 'Redirect',
      headers: { location: { description: 'Where to go', schema: { type: 'string' } } },
    };
  } else {
    result[status] = { description: 'Done, nothing to answer' };
  }
  for (const [other, schema] of Object.entries(entry.otherAnswers ?? {})) {
    result[other] = {
      description: 'Not ready',
      content: { 'application/json': { schema: writer.output(schema as z.ZodType) } },
    };
  }
  for (const error of errorStatuses(entry)) {
    result[String(error)] = { $ref: `#/components/responses/${ERRORS[error]!.name}` };
  }
  return result;
}

function security(entry: EndpointEntry): unknown[] {
  if (entry.access !== 'public') return [{ bearer: [] }];
  return entry.optionalAuth ? [{}, { bearer: [] }] : [];
}

function operation(entry: EndpointEntry, writer: SchemaWriter, head = false): Record<string, unknown> {
  const params = parameters(entry, writer);
  const body = head ? undefined : requestBody(entry, writer);
  const description = [entry.description, ACCESS_TEXT[entry.access]].filter(Boolean).join('\n\n');
  return {
    operationId: head ? `${entry.name}Head` : entry.name,
    summary: head ? `${entry.summary} (headers only)` : entry.summary,
    description,
    tags: [entry.tag],
    'x-access': entry.access,
    security: security(entry),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(entry, writer, head),
  };
}

export function openApiDocument(): Document {
  const writer = new SchemaWriter();
  const paths: Document['paths'] = {};
  for (const entry of endpointEntries) {
    if (entry.undocumented) continue;
    const item = (paths[openApiPath(entry.path)] ??= {});
    item[entry.method.toLowerCase()] = operation(entry, writer);
    if (entry.file?.ranges) item.head = operation(entry, writer, true);
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERRORS).map(([status, { name, description }]) => [
      name,
      {
        description,
        ...(status === '429'
          ? { headers: { 'retry-after': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
          : {}),
        content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}ErrorAnswer` } } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mediabox API',
      version: '1.0.0',
      description:
        'The API behind the Mediabox portal, generated from the endpoint table of `packages/contract`. ' +
        'Every error answers `{ "error": { "code", "message", "fields"? } }`; `code` is a translation key of the app. ' +
        'Sign in with `POST /api/user/login` and send the token as `Authorization: Bearer <token>`.',
    },
    tags: TAGS,
    paths,
    components: {
      schemas: writer.components(),
      responses: errorResponses,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token of `POST /api/user/login`' },
      },
    },
  };
}
