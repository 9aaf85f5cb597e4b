import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.filename).resolve('tsx')).href;

/**
 * A worker thread running one of our TypeScript files as the sandbox does: with the process's
 * own Node arguments when tsx registered itself with them (`npm start`), otherwise with tsx's
 * loader (under Jest, or a process started by plain Node).
 */
export const typeScriptWorker = (file: string, options: WorkerOptions = {}): Worker =>
  new Worker(file, {
    ...options,
    ...(process.execArgv.some((arg) => arg === TSX_LOADER || arg === 'tsx')
      ? {}
      : { execArgv: ['--import', TSX_LOADER] }),
  });
