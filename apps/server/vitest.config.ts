import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', 'node', 'import', 'default'] },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API test files each create their own databases; two workers fit the 2-core machines.
    maxWorkers: 2,
  },
});
