// How the server is bundled with its dependencies, shared by the build (scripts/build.mjs) and the e2e harness's
// launcher bundle (e2e/support/server-bundle.ts), so the e2e tests run the dependencies bundled the way `npm start` does.

import { isBuiltin } from 'node:module';

/**
 * Packages the server bundle leaves to node_modules: better-sqlite3 (native), the Agent SDK (loaded after the first
 * answer; it finds its CLI binary beside itself), the model router's engine (its own child process), chokidar's
 * macOS-only fsevents, and the terminal's PTY (native) and headless mirror (loaded when a terminal first opens). Everything else is bundled: Node's ESM loader resolving, reading and compiling ~100 packages'
 * files one by one was a third of the start-up (issue 11, bench/launch.ts).
 */
export const SERVER_EXTERNAL = ['better-sqlite3', '@anthropic-ai/claude-agent-sdk', '@musistudio/llms', 'fsevents', '@lydell/node-pty', '@xterm/headless', '@xterm/addon-serialize'];

/** Bundled CommonJS packages call require() for Node's built-ins, which an ES module does not have. */
export const SERVER_BANNER = {
  js: "import { createRequire as cuiCreateRequire } from 'node:module'; const require = cuiCreateRequire(import.meta.url);",
};

/**
 * Node's built-in modules loaded with require() rather than `import`: an imported built-in gets an ES module facade
 * that reads every export at start-up, and node:http's include lazy getters that load Node's fetch implementation
 * (~30 ms of the server's start-up, unused until a notification is sent).
 */
export const requireBuiltins = {
  name: 'cui-require-builtins',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
      if (args.kind !== 'import-statement' || !isBuiltin(args.path)) return undefined;
      return { path: args.path, namespace: 'cui-builtin' };
    });
    build.onLoad({ filter: /.*/, namespace: 'cui-builtin' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};
