// `npm start`: rebuilds whatever is older than its sources, then runs the server, in this process, with the given arguments.
// package.json runs this script with `exec`: npm runs scripts through `sh -c`, and dash does not exec the last command,
// so without it a SIGTERM to npm killed only the shell and left this launcher and the server running under PID 1.
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, buildWeb, COMPILE_CACHE_DIR, ROOT, SERVER_OUT, WEB_OUT } from './build.mjs';
import { mapStackTracesLazily } from './lazy-source-maps.mjs';
import { newestSourceTime } from './newest-source.mjs';

const newestMtime = newestSourceTime(ROOT);

function mtimeOf(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const shared = ['contract', 'package.json', 'package-lock.json', 'tsconfig.base.json'];
const parts = [
  { name: 'server', output: SERVER_OUT, sources: [...shared, 'server/src', 'scripts/build.mjs', 'scripts/server-bundle-options.mjs'], build: buildServer },
  { name: 'web', output: WEB_OUT, sources: [...shared, 'web', 'tsconfig.web.json'], build: buildWeb },
];

for (const part of parts) {
  if (newestMtime(part.sources) > mtimeOf(part.output)) {
    process.stdout.write(`cui: building ${part.name}…\n`);
    try {
      await part.build();
    } catch (error) {
      process.stderr.write(`cui: building ${part.name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
  }
}

// glibc read npm start's MALLOC_TRIM_THRESHOLD_ as this process started (a fixed threshold: freed memory goes back to
// the system rather than staying in malloc's heap; issue 28.5). The CLI, shells and git the server starts get the
// user's environment without it.
delete process.env.MALLOC_TRIM_THRESHOLD_;
// The server runs in this process (a second Node process cost ~80 ms of start-up). Node's on-disk compile cache, kept
// next to the build it belongs to, saves most of the module compilation; processes the server forks inherit it.
process.env.NODE_COMPILE_CACHE ??= COMPILE_CACHE_DIR;
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE);
// Stack traces show the server's sources, the map read when one is first printed (not while the bundle loads).
mapStackTracesLazily(path.dirname(SERVER_OUT));
// The server reads its arguments from process.argv (the same as this script's) and handles SIGINT/SIGTERM itself.
await import(pathToFileURL(SERVER_OUT).href);
