import { writeOpenApiFile } from './openapi-file.js';

console.log(`wrote ${await writeOpenApiFile()}`);
