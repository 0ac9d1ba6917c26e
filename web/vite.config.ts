import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

/** The API server `npm run dev`-style work proxies to (`npm start` serves on 3001). */
const DEV_API = process.env.CUI_DEV_API ?? 'http://127.0.0.1:3001';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@cui/contract': fileURLToPath(new URL('../contract/index.ts', import.meta.url)),
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    // The server refuses foreign Host and Origin headers (DNS-rebinding and CSRF guards), so the dev proxy
    // presents itself as the server's own origin.
    proxy: {
      '/api': {
        target: DEV_API,
        changeOrigin: true,
        configure: (proxy) => {
          proxy.on('proxyReq', (request) => {
            if (request.getHeader('origin')) request.setHeader('origin', DEV_API);
          });
        },
      },
    },
  },
});
