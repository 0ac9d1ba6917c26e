/** Packages the server bundle leaves to node_modules. */
export const SERVER_EXTERNAL: string[];
/** The banner that gives bundled CommonJS packages a `require`. */
export const SERVER_BANNER: { js: string };
