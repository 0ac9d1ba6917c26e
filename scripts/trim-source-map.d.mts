/** Keeps only the server's own code in a bundle's source map (rewritten in place); returns the bytes it lost. */
export function trimSourceMap(mapFile: string): number;
