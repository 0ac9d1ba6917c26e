// `npm start`: rebuilds whatever is older than its sources, then runs the server with the given arguments.
// package.json runs this script with `exec`: npm runs scripts through `sh -c`, and dash does not exec the last command,
// so without it a SIGTERM to npm killed only the shell and left this launcher and the server running under PID 1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, buildWeb, COMPILE_CACHE_DIR, ROOT, SERVER_OUT, WEB_OUT } from './build.mjs';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

/** Newest modification time (ms) of the files under the given paths, skipping tests; 0 when none exist. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return; // An optional source (e.g. a config file) that does not exist.
    }
    if (stat.isDirectory()) {
      if (SKIP_DIRS.has(path.basename(entry))) return;
      for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    } else if (!/\.test\.tsx?$/.test(entry)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return newest;
}

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

// Node's on-disk compile cache (kept next to the build it belongs to) saves most of the module compilation at start-up.
const env = { ...process.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE_DIR };
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_OUT, ...process.argv.slice(2)], { stdio: 'inherit', env });
// Forward signals so the server shuts down cleanly. Ctrl-C may also reach the child directly through the process
// group (and npm forwards it too): the server treats repeats within a moment as one signal.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
