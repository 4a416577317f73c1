import type { z } from 'zod';
import {
  endpointSpecs,
  type EndpointSpec,
  type FileAnswerSpec,
  type MultipartSpec,
} from './endpoint-specs.js';
import { endpoints, type EndpointAddress, type EndpointName, type PathParamNames } from './endpoints.js';

type Specs = typeof endpointSpecs;

/** One call with everything known about it: method, path, access rule, schemas, description. */
export type EndpointDefinition<K extends EndpointName> = (typeof endpoints)[K] &
  Specs[K] & { readonly name: K };

/** Any entry of the table, for code that walks all of them. */
export interface EndpointEntry extends EndpointAddress, EndpointSpec {
  readonly name: EndpointName;
}

/** The endpoint table: what the server registers and the OpenAPI document describes. */
export const endpointTable = Object.fromEntries(
  (Object.keys(endpoints) as EndpointName[]).map((name) => [
    name,
    { ...endpoints[name], ...endpointSpecs[name], name },
  ]),
  // Through unknown: with ~95 endpoints TypeScript gives up comparing the entries' union to the
  // mapped type (TS2859, "excessive complexity"); each entry is built from its own name above.
) as unknown as { readonly [K in EndpointName]: EndpointDefinition<K> };

/** Every entry of the table, in its order. */
export const endpointEntries: readonly EndpointEntry[] = Object.values(endpointTable);

// ---------- types of a call, for clients ----------

/** What a successful call answers: the parsed JSON, a Blob for files, nothing for 204 and redirects. */
export type EndpointAnswer<K extends EndpointName> = Specs[K] extends { answer: infer A extends z.ZodType }
  ? z.output<A>
  : Specs[K] extends { file: FileAnswerSpec }
    ? Blob
    : void;

/** The JSON body a call takes (`never` when it takes none). */
export type EndpointBody<K extends EndpointName> = Specs[K] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;

type QueryScalar = string | number | boolean;
/** Query values as a client writes them: coerced fields (typed `unknown` by zod) take any scalar. */
type QueryInput<T> = { [F in keyof T]?: unknown extends T[F] ? QueryScalar | undefined : T[F] };

/** The query a call takes (`never` when it takes none). */
export type EndpointQuery<K extends EndpointName> = Specs[K] extends { query: infer Q extends z.ZodType }
  ? QueryInput<z.input<Q>>
  : never;

/** The path parameters of a call, from its path (`never` when it has none). */
export type EndpointParams<K extends EndpointName> = [PathParamNames<(typeof endpoints)[K]['path']>] extends [
  never,
]
  ? never
  : { readonly [N in PathParamNames<(typeof endpoints)[K]['path']>]: string | number };

/** The calls that take `multipart/form-data`. */
export type MultipartEndpointName = {
  [K in EndpointName]: Specs[K] extends { multipart: MultipartSpec } ? K : never;
}[EndpointName];
