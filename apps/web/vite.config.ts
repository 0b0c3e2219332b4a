import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './vite-precompress.ts';
import { voterBuildPlugin } from './vite-voter-build.ts';

export default defineConfig({
  // The voter pages' own build (Preact) follows into the same folder: vite.voter.config.ts.
  plugins: [react(), precompressPlugin(), voterBuildPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // The manifest (dist/.vite, never served) lets the e2e tests tell which chunks hold which forms.
  build: { chunkSizeWarningLimit: 1500, manifest: true },
});
