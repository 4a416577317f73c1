import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { openApiDocument } from './openapi.js';

/** docs/api/openapi.json, the checked-in copy of the generated document. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../../../../docs/api/openapi.json', import.meta.url));

/** The document as the file holds it: indented JSON, formatted like every other file of the repository. */
export async function openApiFileText(): Promise<string> {
  const options = (await prettier.resolveConfig(OPENAPI_FILE)) ?? {};
  return prettier.format(JSON.stringify(openApiDocument(), null, 2), { ...options, parser: 'json' });
}

/** `npm run openapi`: writes the file anew (the test `openapi.test.ts` fails while it is stale). */
export async function writeOpenApiFile(): Promise<string> {
  await fs.mkdir(path.dirname(OPENAPI_FILE), { recursive: true });
  await fs.writeFile(OPENAPI_FILE, await openApiFileText());
  return OPENAPI_FILE;
}
