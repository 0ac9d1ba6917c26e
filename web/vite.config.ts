import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { routeHeadsDefine } from './route-heads-define.mjs';
import { routePreload } from './route-preload.mjs';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves next to nothing (and @fastify/static skips small files itself). */
const MIN_BYTES = 1024;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `<file>.br` and `<file>.gz` (brotli 11, gzip 9) beside every compressible asset of the build, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing the same bytes on every request.
 */
function precompress(): Plugin {
  return {
    name: 'cui-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const raw = await fs.readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [gz, br] = await Promise.all([
            gzip(raw, { level: 9 }),
            brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          ]);
          await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

/** Modules that do nothing when imported but define things: the contract, and the barrels of web features and ui. */
const SIDE_EFFECT_FREE = [/\/contract\/[^/]+\.ts$/, /\/web\/src\/(?:features\/[^/]+|ui)\/index\.ts$/];

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
  plugins: [react(), tailwindcss(), precompress(), serviceWorker(), routePreload()],
  define: await routeHeadsDefine(),
  resolve: {
    alias: [
      { find: /^@cui\/contract$/, replacement: fileURLToPath(new URL('../contract/index.ts', import.meta.url)) },
      // One zod-free module of the contract (e.g. `@cui/contract/constants`), for the first load (src/app/routes.ts).
      { find: /^@cui\/contract\//, replacement: fileURLToPath(new URL('../contract/', import.meta.url)) },
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The contract's schemas are chains of zod calls, and its modules and our barrels (feature and ui index.ts) run
      // nothing when imported: declared so, a page's chunks take only the modules it uses, not all a barrel lists, and
      // zod stays out of the first load (issue 11; see src/app/routes.ts).
      treeshake: { manualPureFunctions: ['z'], moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.some((pattern) => pattern.test(id)) },
      // Its warning that plugins took most of a build says how busy the machine was, not what to fix; `npm start`
      // builds on first run and that line landed among the server's log lines on a loaded machine.
      checks: { bundlerTimings: false },
    },
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
