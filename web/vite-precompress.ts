import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves next to nothing (and @fastify/static skips small files itself). */
const MIN_BYTES = 1024;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible asset of the build, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing the same bytes on every request.
 */
export function precompress(): Plugin {
  return {
    name: 'cui-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const raw = await fs.readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [gz, br] = await Promise.all([
            gzip(raw, { level: 9 }),
            brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          ]);
          await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}
