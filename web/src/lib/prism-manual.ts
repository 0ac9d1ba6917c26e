/**
 * Must be imported before 'prismjs': stops Prism from highlighting the whole page on
 * DOMContentLoaded, which would rewrite DOM that React owns.
 */
const scope = globalThis as unknown as { Prism?: { manual?: boolean } };
scope.Prism = { ...scope.Prism, manual: true };
export {};
