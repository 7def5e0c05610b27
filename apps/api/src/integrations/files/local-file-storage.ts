import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, contentTypeForKey, InvalidFileKeyError, type FileStorage } from './file-storage.js';

/**
 * Files on the local disk under `root` (`${DATA_DIR}/files`). Writes go to a
 * temporary file renamed into place, so a reader never sees half a file.
 * The content type is derived from the extension.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Absolute path of a key; refuses keys that would leave the root. */
  resolve(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new InvalidFileKeyError(key);
    return full;
  }

  async put(key: string, data: Buffer | Readable, _contentType?: string): Promise<void> {
    const full = this.resolve(key);
    // pipeline() takes the stream after the mkdir: an error before that reaches it there, not as an unhandled event.
    if (!Buffer.isBuffer(data)) data.on('error', () => undefined);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(data)) await fsp.writeFile(tmp, data);
      else await pipeline(data, fs.createWriteStream(tmp));
      await fsp.rename(tmp, full);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  createReadStream(key: string, range?: { start: number; end: number }): Readable {
    const full = this.resolve(key);
    return range ? fs.createReadStream(full, { start: range.start, end: range.end }) : fs.createReadStream(full);
  }

  async stat(key: string): Promise<{ size: number; contentType?: string } | null> {
    const full = this.resolve(key);
    try {
      const st = await fsp.stat(full);
      if (!st.isFile()) return null;
      const contentType = contentTypeForKey(key);
      return contentType ? { size: st.size, contentType } : { size: st.size };
    } catch (err) {
      // Missing, a file where a folder was expected, or a name the file system cannot hold: no such file.
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<{ key: string; size: number }> {
    const found: { key: string; size: number }[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        const key = rel ? `${rel}/${entry.name}` : entry.name;
        // Only walk into folders that can hold a key under the prefix.
        if (entry.isDirectory()) {
          if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix)) await walk(path.join(dir, entry.name), key);
        } else if (entry.isFile() && key.startsWith(prefix) && !entry.name.endsWith('.tmp')) {
          found.push({ key, size: (await fsp.stat(path.join(dir, entry.name))).size });
        }
      }
    };
    await walk(this.root, '');
    found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    yield* found;
  }

  async check(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.ready.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    await fsp.writeFile(probe, 'ok');
    await fsp.rm(probe, { force: true });
  }
}
