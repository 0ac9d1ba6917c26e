// The `define` the web build and the web tests share: `__CUI_ROUTE_HEADS__`, the contract's route table as heads
// (names, methods, paths; contract/route-heads.ts), so the web calls the API without bundling the table's zod schemas
// (web/src/app/routes.ts). Plain JS that bundles the contract with esbuild: the configs that import it then load with
// no extensionless TypeScript imports (which Vite's coming native config loader refuses).
import { Buffer } from 'node:buffer';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';

export async function routeHeadsDefine() {
  const result = await build({
    stdin: {
      contents: "import { routeHeads, routes } from './index.ts'; export default routeHeads(routes);",
      resolveDir: fileURLToPath(new URL('../contract/', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const { default: heads } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return { __CUI_ROUTE_HEADS__: JSON.stringify(heads) };
}
