import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from './openapi.js';

/** docs/api/openapi.json, the checked-in copy of the generated document (left alone by prettier). */
export const OPENAPI_FILE = fileURLToPath(new URL('../../../../../docs/api/openapi.json', import.meta.url));

/** The document as the file holds it: JSON indented by two spaces. */
export function openApiFileText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

/** `npm run openapi`: writes the file anew (the test `openapi.test.ts` fails while it is stale). */
export async function writeOpenApiFile(): Promise<string> {
  await fs.mkdir(path.dirname(OPENAPI_FILE), { recursive: true });
  await fs.writeFile(OPENAPI_FILE, openApiFileText());
  return OPENAPI_FILE;
}
