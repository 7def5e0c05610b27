/**
 * A throw-away S3-compatible server for tests and the P8 benchmark (ADR 039): s3rver (pure JavaScript, nothing
 * downloaded) on 127.0.0.1 with a free port and its own temporary folder.
 *
 *   const s3 = await startS3Server();
 *   const t = await createTestApp({ kind, config: loadStorageSettings(s3.env) });
 *   …
 *   await s3.stop();
 *
 * `env` holds the store's variables (STORAGE=s3 and S3_*), ready for loadConfig/loadStorageSettings or a child
 * process's environment. The bucket is not created here: the driver's init creates it, as on a real start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  /** STORAGE, S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
  env: Record<string, string>;
  /** Closes the server and removes its folder. */
  stop(): Promise<void>;
}

/** s3rver's fixed credentials (it checks every request's signature against them). */
const ACCESS_KEY = 'S3RVER';

type ListObjects = (
  bucket: string,
  options: { delimiter?: string; startAfter?: string; prefix?: string; maxKeys?: number },
) => Promise<{ objects: Array<{ key: string }>; commonPrefixes: string[]; isTruncated: boolean }>;

/**
 * S3 lists keys in UTF-8 binary order, and a continuation token resumes after the last key; s3rver lists them in
 * the order its folder walk finds them, which loses or repeats keys across pages. Its listing is made S3's: every
 * key under the prefix, sorted, then the page after `startAfter`.
 */
function listInKeyOrder(server: S3rver): void {
  const store = (server as unknown as { store: { listObjects: ListObjects } }).store;
  const original = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    if (options.delimiter) return original(bucket, options);
    const all = await original(bucket, { prefix: options.prefix ?? '', maxKeys: Infinity });
    const after = options.startAfter ?? '';
    const sorted = all.objects
      .filter((o) => o.key > after)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const max = options.maxKeys ?? Infinity;
    return { objects: sorted.slice(0, max), commonPrefixes: [], isTruncated: sorted.length > max };
  };
}

export async function startS3Server(opts: { bucket?: string } = {}): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  listInKeyOrder(server);
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: opts.bucket ?? 'clinica-arquivos',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      try {
        await server.close();
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
