import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { validate } from '@readme/openapi-parser';
import { endpointEntries } from '@mediabox/contract';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { errorStatuses, openApiDocument } from './openapi.js';
import { OPENAPI_FILE, openApiFileText } from './openapi-file.js';

type Operation = {
  operationId: string;
  summary: string;
  security: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};
const document = openApiDocument();
const operation = (path: string, method: string) => document.paths[path]![method] as Operation;

describe('the OpenAPI document', () => {
  it('is checked in as docs/api/openapi.json, as generated (run `npm run openapi` after changing the table)', async () => {
    const checkedIn = await readFile(OPENAPI_FILE, 'utf8');
    expect(JSON.parse(checkedIn)).toEqual(JSON.parse(JSON.stringify(document)));
    expect(checkedIn).toBe(openApiFileText());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(JSON.parse(JSON.stringify(document)) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('has one operation with a unique operationId and a summary for every documented endpoint', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => (op as Operation).operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of endpointEntries.filter((candidate) => !candidate.undocumented)) {
      const op = operation(entry.path.replace(/:([A-Za-z]+)/g, '{$1}'), entry.method.toLowerCase());
      expect(op.operationId).toBe(entry.name);
      expect(op.summary.length, entry.name).toBeGreaterThan(5);
    }
  });

  it('asks for the bearer token according to each access rule', () => {
    for (const entry of endpointEntries.filter((candidate) => !candidate.undocumented)) {
      const op = operation(entry.path.replace(/:([A-Za-z]+)/g, '{$1}'), entry.method.toLowerCase());
      const expected =
        entry.access !== 'public' ? [{ bearer: [] }] : entry.optionalAuth ? [{}, { bearer: [] }] : [];
      expect(op.security, entry.name).toEqual(expected);
    }
    expect(operation('/api/admin/users', 'get').security).toEqual([{ bearer: [] }]);
    expect(operation('/api/user/login', 'post').security).toEqual([]);
  });

  it('lists every error status with the error shape', () => {
    const responses = document.components as { responses: Record<string, { content: unknown }> };
    for (const entry of endpointEntries.filter((candidate) => !candidate.undocumented)) {
      const op = operation(entry.path.replace(/:([A-Za-z]+)/g, '{$1}'), entry.method.toLowerCase());
      for (const status of errorStatuses(entry)) {
        const ref = op.responses[String(status)]?.$ref;
        expect(ref, `${entry.name} ${status}`).toMatch(/^#\/components\/responses\//);
        expect(responses.responses[ref!.split('/').pop()!]!.content).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } },
        });
      }
    }
    expect(Object.keys(operation('/api/admin/users', 'get').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '500']),
    );
    expect(Object.keys(operation('/api/user/login', 'post').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '408', '413', '415', '429', '500']),
    );
  });

  it('describes multipart uploads with their files and fields', () => {
    const upload = operation('/api/admin/catalogue/nodes/{id}/assets', 'post').requestBody!.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data']!.schema.properties).toHaveProperty('files');

    const replace = operation('/api/admin/catalogue/assets/{id}/files', 'post').requestBody!.content;
    expect(Object.keys(replace)).toEqual(['multipart/form-data']);
    expect(Object.keys(replace['multipart/form-data']!.schema.properties!)).toEqual(['mediaType', 'files']);

    for (const method of ['put', 'post']) {
      const order = operation('/api/order', method).requestBody!.content;
      expect(Object.keys(order)).toEqual(['application/json', 'multipart/form-data']);
      expect(order['multipart/form-data']!.schema.properties).toHaveProperty('newFiles');
      expect(order['multipart/form-data']).toMatchObject({
        encoding: { change: { contentType: 'application/json' } },
      });
    }
  });

  it('gives files, zips, CSV and XLSX answers their binary media types', () => {
    const content = (path: string) => operation(path, 'get').responses['200']!.content!;
    expect(content('/api/cart/list')).toEqual({
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
    });
    expect(Object.keys(content('/api/admin/insights/{series}.csv'))).toEqual(['text/csv']);
    expect(Object.keys(content('/api/download/{filename}'))).toEqual(['application/zip']);
    expect(Object.keys(content('/api/file/{fileId}/{variant}'))).toEqual(['*/*']);
    expect(operation('/api/download/{filename}', 'get').responses).toHaveProperty('206');
    expect(document.paths['/api/download/{filename}']).toHaveProperty('head');
  });

  it('generates a client that typechecks (openapi-typescript)', async () => {
    const types = astToString(await openapiTS(JSON.parse(JSON.stringify(document)) as never));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mediabox-openapi-'));
    try {
      await writeFile(path.join(dir, 'api.ts'), types);
      await writeFile(
        path.join(dir, 'use.ts'),
        `import type { paths, operations } from './api';
type Login = paths['/api/user/login']['post'];
export const body: Login['requestBody']['content']['application/json'] = { username: 'a@b.de', password: 'secret' };
declare const answer: Login['responses'][200]['content']['application/json'];
export const token: string = answer.token;
declare const failed: Login['responses'][401]['content']['application/json'];
export const code: string = failed.error.code;
type Users = operations['adminUsers'];
export const query: NonNullable<Users['parameters']['query']> = { limit: 20, state: 'active' };
// @ts-expect-error: not a state of the contract
export const wrong: NonNullable<Users['parameters']['query']> = { state: 'sleeping' };
export const params: operations['adminRetryJob']['parameters']['path'] = { id: 7 };
`,
      );
      const program = ts.createProgram([path.join(dir, 'use.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((problem) => ts.flattenDiagnosticMessageText(problem.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
