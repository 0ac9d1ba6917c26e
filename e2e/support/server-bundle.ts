import fs from 'node:fs';
import path from 'node:path';
import { lazyDependencies, requireBuiltins, SERVER_BANNER, SERVER_EXTERNAL } from '../../scripts/server-bundle-options.mjs';
import { REPO_ROOT } from './paths';

/**
 * Bundles launch-server.ts (with the server and the fake API) into one ESM file for this run, so each test's
 * server starts without transpiling TypeScript again. Lives under dist/ so node_modules resolve; one directory
 * per run (pid) so parallel runs never overwrite each other. Returns the file; removeServerBundle deletes it.
 */
export async function bundleLaunchServer(): Promise<string> {
  const esbuild = await import('esbuild');
  const outfile = path.join(REPO_ROOT, `dist/e2e-server/run-${process.pid}/launch-server.mjs`);
  await esbuild.build({
    // The model router's child is forked from the launcher's directory (server/src/features/router/router-entry.ts).
    entryPoints: {
      'launch-server': path.join(REPO_ROOT, 'e2e/support/launch-server.ts'),
      'router-child': path.join(REPO_ROOT, 'server/src/features/router/router-child.ts'),
    },
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // The server's dependencies bundled as `npm start` runs them (the fake model API's too).
    external: SERVER_EXTERNAL,
    banner: SERVER_BANNER,
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'cui-contract',
        setup(build) {
          build.onResolve({ filter: /^@cui\/contract$/ }, () => ({ path: path.join(REPO_ROOT, 'contract/index.ts') }));
        },
      },
      requireBuiltins,
      lazyDependencies,
    ],
  });
  return outfile;
}

export function removeServerBundle(file: string): void {
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
