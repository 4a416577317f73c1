import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // `source` makes the contract package resolve to its TypeScript sources: no build step in between.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 700 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
});
