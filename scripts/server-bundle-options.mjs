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

/** A stand-in for a module used as an object: it is required on the first property read. */
const lazyObject = (path) =>
  `let real; const load = () => (real ??= require(${JSON.stringify(path)})); module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load(), ownKeys: () => Reflect.ownKeys(load()), getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(load(), key) });`;

/**
 * Dependencies of bundled packages that the server rarely or never reaches, loaded on first use instead of at start-up
 * (issue 28 point 1, bench/launch.ts and a --cpu-prof of the start): @fastify/static's glob lists files only when
 * `wildcard: false` (the server serves one wildcard route), ~14 ms to load; @fastify/compress's mime-db is asked only
 * for a type the server's own list does not name, ~8 ms; Fastify's server module reads node:https and node:http2 (and
 * with them node:tls) only for an HTTPS or HTTP/2 server, ~10 ms. Each stand-in keeps the shape its importer uses: glob
 * is destructured at load and called later, the others are objects read later (and compress's utils, below, wraps one
function).
 */
const LAZY_DEPENDENCIES = [
  { importer: '/node_modules/@fastify/static/', path: 'glob', contents: "exports.glob = (...args) => require('glob').glob(...args);" },
  // @fastify/compress asks `payload instanceof Response` of every reply: the first read of Node's global Response loads
  // its fetch implementation (20-40 ms), on the first answer's path. Only an object that says it is a Response is asked.
  {
    importer: '/node_modules/@fastify/compress/index.js',
    path: './lib/utils',
    contents: "const utils = require('./lib/utils.js'); module.exports = { ...utils, isFetchResponse: (obj) => obj !== null && typeof obj === 'object' && obj[Symbol.toStringTag] === 'Response' && utils.isFetchResponse(obj) };",
  },
  { importer: '/node_modules/@fastify/compress/', path: 'mime-db', contents: lazyObject('mime-db') },
  { importer: '/node_modules/fastify/lib/server.js', path: 'node:https', contents: lazyObject('node:https') },
  { importer: '/node_modules/fastify/lib/server.js', path: 'node:http2', contents: lazyObject('node:http2') },
];

const LAZY_PATHS = new RegExp(`^(${[...new Set(LAZY_DEPENDENCIES.map((entry) => entry.path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))].join('|')})$`);

export const lazyDependencies = {
  name: 'cui-lazy-dependencies',
  setup(build) {
    build.onResolve({ filter: LAZY_PATHS }, (args) => {
      if (args.namespace !== 'file') return undefined;
      const lazy = LAZY_DEPENDENCIES.find((entry) => entry.path === args.path && args.importer.includes(entry.importer));
      if (!lazy) return undefined;
      return { path: `${lazy.path} for ${lazy.importer}`, namespace: 'cui-lazy', pluginData: { resolveDir: args.resolveDir, contents: lazy.contents } };
    });
    build.onLoad({ filter: /.*/, namespace: 'cui-lazy' }, (args) => ({ contents: args.pluginData.contents, resolveDir: args.pluginData.resolveDir, loader: 'js' }));
  },
};
