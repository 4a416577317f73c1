import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // Tests use the contract's TypeScript sources, never a stale build of it.
    alias: {
      '@mediabox/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // A worker imports the server's modules once, not once per file: the suite took 4.7 instead of
    // 6.2 minutes (docs/performance.md "Test suite", 2026-11-28). Safe because the server keeps no
    // state in its modules beyond memoised constants, and the tests mock none of them; every test
    // builds its own app, database and data dir.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
