// Source-mapped stack traces for the server's bundle, with the map read when a stack trace first needs it.
// `process.setSourceMapsEnabled(true)` (what `npm start` used) makes Node read and parse each bundle's map as the
// bundle loads and count the length of every line of the 3.3 MB bundle: ~45 ms of a ~400 ms start (issue 28 point 1,
// --cpu-prof of the start), for stack traces that a healthy start never prints. Node's own SourceMap class does the
// lookups; this installs Error.prepareStackTrace to use it, and Node calls that hook for every stack it formats.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The parsed map of a bundle file (by the file name V8 reports), or null when it has none; read once each. */
function sourceMapReader(directoryUrl) {
  const maps = new Map();
  return (fileName) => {
    if (typeof fileName !== 'string' || !fileName.startsWith(directoryUrl)) return null;
    if (!maps.has(fileName)) {
      let map = null;
      try {
        const mapUrl = new URL(`${fileName}.map`);
        const payload = JSON.parse(fs.readFileSync(mapUrl, 'utf8'));
        // Sources are relative to the map; a frame shows the source's path, as Node's own source maps do.
        payload.sources = payload.sources.map((source) => fileURLToPath(new URL(source, mapUrl)));
        map = new SourceMap(payload);
      } catch {
        // No map, or an unreadable one: frames in this file keep the bundle's position.
      }
      maps.set(fileName, map);
    }
    return maps.get(fileName);
  };
}

/** One stack frame, its bundle position replaced by the source position when the map has one. */
function mappedFrame(callSite, mapOf) {
  const text = callSite.toString();
  const fileName = callSite.getFileName();
  const line = callSite.getLineNumber();
  const column = callSite.getColumnNumber();
  const map = line && column ? mapOf(fileName) : null;
  const entry = map?.findEntry(line - 1, column - 1);
  if (!entry?.originalSource) return text;
  return text.replace(`${fileName}:${line}:${column}`, `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
}

/** Maps the stack frames of the files under `directory` (the server's build) through their `.map` files, read on first use. */
export function mapStackTracesLazily(directory) {
  const mapOf = sourceMapReader(pathToFileURL(directory.endsWith('/') ? directory : `${directory}/`).href);
  Error.prepareStackTrace = (error, callSites) => {
    let header;
    try {
      header = String(error);
    } catch {
      header = '<error>';
    }
    return [header, ...callSites.map((callSite) => `    at ${mappedFrame(callSite, mapOf)}`)].join('\n');
  };
}
