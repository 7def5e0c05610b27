import path from 'node:path';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';

export * from './file-storage.js';
export { LocalFileStorage } from './local-file-storage.js';

/** The file store of a DATA_DIR: local disk at `${dataDir}/files`. */
export function createFileStorage(opts: { dataDir: string }): FileStorage {
  return new LocalFileStorage(filesRoot(opts.dataDir));
}

export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}
