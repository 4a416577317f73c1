import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      // The repository's own scripts (npm start's build stamp).
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
    // Two workers fit the 2-core machines; API test files each create their own databases.
    maxWorkers: 2,
  },
});
