import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './vite-precompress.ts';
import { voteHtmlPlugin } from './vite-vote-html.ts';

export default defineConfig({
  plugins: [react(), voteHtmlPlugin(), precompressPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // The manifest (dist/.vite, never served) lets the e2e tests tell which chunks hold which forms.
  build: { chunkSizeWarningLimit: 1500, manifest: true },
});
