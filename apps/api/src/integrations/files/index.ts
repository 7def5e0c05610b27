import path from 'node:path';
import type { StorageSettings } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage, type S3Settings } from './s3-file-storage.js';

export * from './file-storage.js';
export { LocalFileStorage } from './local-file-storage.js';
export { S3FileStorage } from './s3-file-storage.js';

/**
 * The file store of the settings (ADR 039): STORAGE=local (the default) is the local disk at `${dataDir}/files`;
 * STORAGE=s3 the bucket of S3_* (loadConfig has already refused an s3 store without its bucket or keys). Call
 * `initFileStorage` (or the store's `init`) before using it.
 */
export function createFileStorage(opts: { dataDir: string } & Partial<StorageSettings>): FileStorage {
  if (opts.STORAGE === 's3') return new S3FileStorage(s3SettingsOf(opts));
  return new LocalFileStorage(filesRoot(opts.dataDir));
}

/** The S3 driver's settings from S3_*; throws when a required one is missing. */
export function s3SettingsOf(settings: Partial<StorageSettings>): S3Settings {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new Error('STORAGE=s3 precisa de S3_BUCKET, S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY.');
  }
  return {
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    bucket,
    region: settings.S3_REGION ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? false,
  };
}

export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}
