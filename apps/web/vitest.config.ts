import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each test file still gets its own modules, but in a VM context of a reused worker rather than a
    // new process with a new jsdom: a file starts in milliseconds instead of seconds (the whole web
    // suite took half the time, docs/performance.md "Test suite").
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
