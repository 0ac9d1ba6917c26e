import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How to fork the router child: its script and the Node flags it needs. */
export interface RouterChildEntry {
  script: string;
  execArgv: string[];
}

/**
 * From source (tests, tsx) this module is router-entry.ts and the child is router-child.ts, run through tsx; in
 * a bundle (dist/server/main.js, the e2e launcher's .mjs) it is router-child.js/.mjs next to it, built as a second entry
 * (scripts/build.mjs, e2e/support/server-bundle.ts).
 */
export function routerChildEntry(moduleUrl: string = import.meta.url): RouterChildEntry {
  const file = fileURLToPath(moduleUrl);
  const extension = path.extname(file);
  if (extension !== '.ts') return { script: path.join(path.dirname(file), `router-child${extension}`), execArgv: [] };
  const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
  return { script: path.join(path.dirname(file), 'router-child.ts'), execArgv: ['--import', tsx] };
}
