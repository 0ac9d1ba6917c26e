import type { Plugin } from 'esbuild';

/** Packages the server bundle leaves to node_modules. */
export const SERVER_EXTERNAL: string[];
/** The banner that gives bundled CommonJS packages a `require`. */
export const SERVER_BANNER: { js: string };
/** The esbuild plugin that loads Node's built-in modules with require() (no ES module facades at start-up). */
export const requireBuiltins: Plugin;
/** The esbuild plugin that loads rarely used dependencies of bundled packages on first use (glob, mime-db). */
export const lazyDependencies: Plugin;
