/**
 * Entry of an index worker thread (bundled as dist/server/index-worker.js): reads and folds transcript chunks
 * off the main thread, so that the first index of thousands of sessions uses every core and requests keep
 * being answered meanwhile. Messages: {id, job} in, {id, result} or {id, error} out.
 */
import { parentPort } from 'node:worker_threads';
import { readChunk, type ChunkJob } from './index-chunk';

const port = parentPort;
if (!port) throw new Error('index-worker.ts runs as a worker thread');
port.on('message', (message: { id: number; job: ChunkJob }) => {
  readChunk(message.job).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error: unknown) => port.postMessage({ id: message.id, error: { message: error instanceof Error ? error.message : String(error), code: (error as NodeJS.ErrnoException).code } }),
  );
});
