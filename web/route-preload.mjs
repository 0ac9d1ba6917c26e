// A build plugin: index.html asks for the code of the screen its address shows (and that code's own imports) while it
// is still parsing, instead of once the entry chunk has loaded and run (issue 11 point 4: preload the route chunk).
// The router's own lazy import (src/app/router.tsx) then finds the modules on their way. Vite's preloading of a lazy
// chunk's imports at the import itself stays: this only starts the same requests earlier. Plain JS, as
// route-heads-define.mjs, so that the config loads without TypeScript imports.

/** The screens worth fetching from the HTML: the module of each, and the addresses that show it. */
export const ROUTE_SCREENS = [
  { module: '/src/features/conversation/index.ts', prefix: '/c/' },
  { module: '/src/features/home/index.ts', exact: '/' },
];

/** A chunk and every chunk it imports statically, by file name. */
function closure(chunks, fileName, into = new Set()) {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) closure(chunks, imported, into);
  return into;
}

/**
 * The files each screen needs beyond what the entry already loads (its HTML preloads those), from a Rolldown output
 * bundle: `[{ prefix | exact, files }]`, in ROUTE_SCREENS' order, screens absent from the bundle left out.
 */
export function routePreloads(bundle, base = '/') {
  const chunks = new Map(Object.values(bundle).filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  const loaded = entry ? closure(chunks, entry.fileName) : new Set();
  const out = [];
  for (const { module, prefix, exact } of ROUTE_SCREENS) {
    const screen = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(module));
    if (!screen) continue;
    const files = [...closure(chunks, screen.fileName)].filter((file) => !loaded.has(file)).map((file) => base + file);
    out.push(prefix === undefined ? { exact, files } : { prefix, files });
  }
  return out;
}

/** The inline script: one `<link rel=modulepreload>` per file of the screen the address shows. */
export function routePreloadScript(preloads) {
  return `(function(){var p=location.pathname;${JSON.stringify(preloads)}.forEach(function(r){if(r.prefix!==undefined?p.indexOf(r.prefix)===0:p===r.exact)r.files.forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)})})})()`;
}

/** The Vite plugin (build only: the dev server has no chunks). */
export function routePreload() {
  let base = '/';
  return {
    name: 'cui-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        // Before the stylesheet: an inline script after a stylesheet waits for it to load.
        const at = html.search(/<link rel="stylesheet"|<\/head>/);
        if (at < 0) throw new Error('cui-route-preload: index.html has no <head> to put the preloads in');
        const script = `<script>${routePreloadScript(routePreloads(context.bundle, base))}</script>\n    `;
        return html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}
