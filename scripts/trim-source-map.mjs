// Keeps only the server's own code in a bundle's source map. `npm start` enables source maps, and Node reads and
// parses a bundle's map while loading it: with the dependencies' mappings (93 % of them) the map was 3.4 MB and
// reading it was ~15 % of the start-up. Stack frames inside a dependency then show the bundle's line, ours the source.
import fs from 'node:fs';
import { decode, encode } from '@jridgewell/sourcemap-codec';

const DEPENDENCY = /(^|\/)node_modules\//;

/** Rewrites the map file in place; returns how many bytes it lost. */
export function trimSourceMap(mapFile) {
  const before = fs.statSync(mapFile).size;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const kept = map.sources.map((source) => !DEPENDENCY.test(source));
  // Source indexes are renumbered so that the dropped sources leave the list too.
  const index = [];
  const sources = [];
  map.sources.forEach((source, i) => {
    if (kept[i]) index[i] = sources.push(source) - 1;
  });
  // A dependency's segment becomes an unmapped one (the first of a run is enough): dropped outright, a lookup there
  // would find the nearest mapped segment before it, in another file.
  const lines = decode(map.mappings).map((line) => {
    const out = [];
    for (const segment of line) {
      if (segment.length > 1 && kept[segment[1]]) out.push([segment[0], index[segment[1]], ...segment.slice(2)]);
      else if (out.length === 0 || out[out.length - 1].length > 1) out.push([segment[0]]);
    }
    return out;
  });
  fs.writeFileSync(mapFile, JSON.stringify({ ...map, sources, mappings: encode(lines) }));
  return before - fs.statSync(mapFile).size;
}
