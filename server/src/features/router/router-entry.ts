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
 * the bundle (dist/server/main.js) the child is dist/server/router-child.js, built by scripts/build.mjs.
 */
export function routerChildEntry(moduleUrl: string = import.meta.url): RouterChildEntry {
  const file = fileURLToPath(moduleUrl);
  if (!file.endsWith('.ts')) return { script: path.join(path.dirname(file), 'router-child.js'), execArgv: [] };
  const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
  return { script: path.join(path.dirname(file), 'router-child.ts'), execArgv: ['--import', tsx] };
}
