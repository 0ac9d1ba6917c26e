import fs from 'node:fs';
import path from 'node:path';

/**
 * In `dir`: a dependency that throws and a file of ours that calls it and prints the stack, bundled to `outfile` the
 * way scripts/build.mjs bundles the server (a source map beside it, no sources content). Line 4 of `own.ts` is the call
 * into the dependency, line 8 the call of `ours()`.
 */
export async function bundleThrowingDependency(dir: string, outfile: string): Promise<void> {
  fs.mkdirSync(path.join(dir, 'node_modules/dep'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules/dep/index.js'), "exports.fail = function fail() {\n  throw new Error('from the dependency');\n};\n");
  fs.writeFileSync(path.join(dir, 'own.ts'), "import { fail } from 'dep';\n\nexport function ours(): void {\n  fail();\n}\n\ntry {\n  ours();\n} catch (error) {\n  console.log((error as Error).stack);\n}\n");
  const esbuild = await import('esbuild');
  await esbuild.build({ entryPoints: [path.join(dir, 'own.ts')], outfile, bundle: true, platform: 'node', format: 'esm', sourcemap: true, sourcesContent: false, logLevel: 'silent' });
}
