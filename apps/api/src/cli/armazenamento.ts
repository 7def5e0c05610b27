/**
 * The store's files for a command (ADR 039, ADR 041): the FileStorage the server would use (STORAGE and S3_*, or
 * `${DATA_DIR}/files`), prepared (an S3 bucket created when missing) and closed at the end.
 */
import { loadStorageSettings } from '../config.js';
import { createFileStorage, initFileStorage, type FileStorage } from '../integrations/files/index.js';

export function abrirArmazenamento(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<FileStorage> {
  return initFileStorage(createFileStorage({ dataDir, ...loadStorageSettings(env) }));
}

/** Lets the process end: an S3 store keeps connections open until closed. */
export async function fecharArmazenamento(storage: FileStorage): Promise<void> {
  await (storage as FileStorage & { close?: () => Promise<void> }).close?.();
}
