import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

/** The API server `npm run dev`-style work proxies to (`npm start` serves on 3001). */
const DEV_API = process.env.CUI_DEV_API ?? 'http://127.0.0.1:3001';

const SW_ENTRY = fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url));

/** The service worker must live at /sw.js (its scope is its directory): bundled on its own, served in dev, emitted in builds. */
async function bundleServiceWorker(): Promise<string> {
  const result = await esbuild({ entryPoints: [SW_ENTRY], bundle: true, format: 'esm', target: 'chrome120', write: false, minify: true, logLevel: 'warning' });
  return result.outputFiles[0]?.text ?? '';
}

function serviceWorker(): Plugin {
  return {
    name: 'cui-service-worker',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_request, response) => {
        void bundleServiceWorker().then((code) => {
          response.setHeader('content-type', 'text/javascript');
          response.end(code);
        });
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await bundleServiceWorker() });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), serviceWorker()],
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
