// Builds the web app (Vite → dist/web) and bundles the server (esbuild → dist/server/main.js).
// `node scripts/build.mjs [web|server]` builds one part; no argument builds both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lazyDependencies, requireBuiltins, SERVER_BANNER, SERVER_EXTERNAL } from './server-bundle-options.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'dist/server/main.js');
export const WEB_OUT = path.join(ROOT, 'dist/web/index.html');
/** Node's compile cache for the server (NODE_COMPILE_CACHE), used by `npm start`. */
export const COMPILE_CACHE_DIR = path.join(ROOT, 'dist/.node-compile-cache');

/** `@cui/contract` is a path alias (tsconfig/vite), not a package: point esbuild at its source. */
const contractAlias = {
  name: 'cui-contract',
  setup(build) {
    build.onResolve({ filter: /^@cui\/contract$/ }, () => ({ path: path.join(ROOT, 'contract/index.ts') }));
  },
};

export async function buildServer() {
  const esbuild = await import('esbuild');
  // Code loaded on demand (e.g. the Gemini client) and code the entries share lands in chunks/, named by content: the
  // previous build's go first.
  const chunks = path.join(path.dirname(SERVER_OUT), 'chunks');
  fs.rmSync(chunks, { recursive: true, force: true });
  await esbuild.build({
    // Worker threads load the index worker, and the model router's child process is forked, by path next to main.js.
    entryPoints: {
      main: path.join(ROOT, 'server/src/main.ts'),
      'index-worker': path.join(ROOT, 'server/src/features/transcript-index/index-worker.ts'),
      'router-child': path.join(ROOT, 'server/src/features/router/router-child.ts'),
    },
    outdir: path.dirname(SERVER_OUT),
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // The dependencies are bundled too, but for a few (see server-bundle-options.mjs).
    external: SERVER_EXTERNAL,
    banner: SERVER_BANNER,
    plugins: [contractAlias, requireBuiltins, lazyDependencies],
    // Less source to read, hash and compile at every start (the compile cache still has to see it all); names are
    // kept, so profiles and error names read as in the sources.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    // Stack traces need the mappings, not the sources' text: `npm start` (source maps enabled) parses the whole map
    // at start-up, and with the dependencies bundled their text made it 7 MB (their mappings are trimmed below).
    sourcesContent: false,
    logLevel: 'warning',
  });
  const { trimSourceMap } = await import('./trim-source-map.mjs');
  for (const name of ['main', 'index-worker', 'router-child']) trimSourceMap(path.join(path.dirname(SERVER_OUT), `${name}.js.map`));
  for (const name of fs.readdirSync(chunks)) if (name.endsWith('.js.map')) trimSourceMap(path.join(chunks, name));
}

export function buildWeb() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', path.join(ROOT, 'web/vite.config.ts'), '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
}

async function main() {
  const only = process.argv[2];
  if (only && only !== 'web' && only !== 'server') throw new Error(`unknown part '${only}' (expected web or server)`);
  const started = Date.now();
  if (only !== 'server') buildWeb();
  if (only !== 'web') await buildServer();
  process.stdout.write(`build: ${only ?? 'web + server'} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
