import {
  endpointEntries,
  type Endpoint,
  type EndpointDefinition,
  type EndpointEntry,
  type EndpointName,
} from '@mediabox/contract';
import type {
  ContextConfigDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type Field<T, F extends string> = T extends { readonly [P in F]: infer S } ? S : undefined;
type SuccessStatus<T> = T extends { readonly status: infer S extends number } ? S : 200;
type Answers<T> = (T extends { readonly answer: infer A } ? { [S in SuccessStatus<T>]: A } : unknown) &
  (T extends { readonly otherAnswers: infer O } ? O : unknown);
/** The body the server validates: the JSON body, or a multipart request's text fields. */
type ServerBody<T> = T extends { readonly body: infer B }
  ? B
  : T extends { readonly multipart: { readonly fields: infer F } }
    ? F
    : undefined;

/** The Fastify schema of an endpoint, as types: what the zod type provider reads request and reply types from. */
export interface RouteSchema<K extends EndpointName> {
  params: Field<EndpointDefinition<K>, 'params'>;
  querystring: Field<EndpointDefinition<K>, 'query'>;
  body: ServerBody<EndpointDefinition<K>>;
  response: Answers<EndpointDefinition<K>>;
}

export type EndpointHandler<K extends EndpointName> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<K>,
  ZodTypeProvider
>;

const byAddress = new Map<string, EndpointEntry>(
  endpointEntries.map((entry) => [`${entry.method} ${entry.path}`, entry]),
);

/** The table's entry of an endpoint given by its address (`endpoints.login`). */
export function endpointEntry(endpoint: { method: string; path: string }): EndpointEntry {
  const entry = byAddress.get(`${endpoint.method} ${endpoint.path}`);
  if (!entry) throw new Error(`${endpoint.method} ${endpoint.path} is not in the endpoint table`);
  return entry;
}

/** The Fastify schema of an endpoint: validation of path, query and body, and its JSON answers. */
export function routeSchema(spec: EndpointEntry): Record<string, unknown> {
  const body = spec.body ?? spec.multipart?.fields;
  const response = {
    ...(spec.answer ? { [spec.status ?? 200]: spec.answer } : {}),
    ...spec.otherAnswers,
  };
  return {
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(body ? { body } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

/**
 * Registers the route of an endpoint of the contract's table: method, path, access rule and schemas
 * all come from the table, so the handler is typed by them (a wrong answer type fails the
 * typecheck) and the OpenAPI document, generated from the same table, describes what is served.
 */
export function route<K extends EndpointName>(
  app: ZodApp,
  endpoint: Endpoint<K>,
  handler: EndpointHandler<K>,
): void {
  const entry = endpointEntry(endpoint);
  app.route({
    // A file answer that honours ranges declares its HEAD with the GET: Fastify's generated HEAD
    // would read the whole blob to discard it and answer Content-Length 0.
    method: entry.file?.ranges ? [entry.method, 'HEAD'] : entry.method,
    url: entry.path,
    config: { access: entry.access },
    schema: routeSchema(entry),
    handler: handler as RouteHandlerMethod,
  });
}
