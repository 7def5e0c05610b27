import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { BucketLocationConstraint, S3Client } from '@aws-sdk/client-s3';
import { assertValidKey, contentTypeForKey, type FileStorage } from './file-storage.js';

/** What S3FileStorage needs to reach its bucket (README "Armazenamento S3", ADR 039). */
export interface S3Settings {
  /** The service's address (MinIO, R2, B2, a local server); unset, AWS S3 of `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `${endpoint}/${bucket}/key` instead of `${bucket}.${host}/key` (MinIO and local servers need it). */
  forcePathStyle: boolean;
  /** Bytes per part of a streamed upload (default S3_PART_SIZE; at least 5 MiB, S3's smallest part). */
  partSize?: number;
  /** Parts of one streamed upload sent at once (default S3_QUEUE_SIZE). */
  queueSize?: number;
}

/**
 * A streamed upload holds queueSize × partSize bytes of part buffers, reused from part to part: the parts being sent
 * and the one being filled (putStream). S3's smallest part, 5 MiB, two at a time: 10 MiB per upload; P8
 * (docs/quality.md, bench/README.md) bounds the API's growth during a 200 MB upload. 5 MiB × 10,000 parts still
 * allows objects of 48 GiB. ADR 039.
 */
const S3_PART_SIZE = 5 * 1024 * 1024;
const S3_QUEUE_SIZE = 2;

/** Object-store reads held at once per instance: each video being watched keeps one connection while it streams. */
const MAX_SOCKETS = 256;

/** The SDK's modules: loaded by the first S3 store only (some 0.3 s of start-up a local store does not pay). */
type Sdk = typeof S3Sdk;
let sdkLoading: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> => (sdkLoading ??= import('@aws-sdk/client-s3'));

/** Keys of the write probe of check(): never a valid store key (a leading `.`), and skipped by list() (`.tmp`). */
const PROBE_PREFIX = '.ready-';
const TEMP_SUFFIX = '.tmp';

const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

const isMissing = (err: unknown): boolean => {
  const name = (err as { name?: string } | null)?.name;
  return statusOf(err) === 404 || name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchBucket';
};

/**
 * The error a read of a missing object gives on its stream: the same shape as the local driver's (fs ENOENT), so
 * callers that look at `code` see no difference between the two stores.
 */
function missingObjectError(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${key}'`), {
    code: 'ENOENT',
    errno: -2,
    syscall: 'open',
    path: key,
  });
}

/**
 * A Readable returned at once that starts its GetObject on the first read and passes the body on with its
 * backpressure; destroying it (a client that went away) closes the object's connection.
 */
class ObjectReadStream extends Readable {
  private body: Readable | null = null;
  private started = false;

  constructor(
    private readonly open: () => Promise<Readable>,
    private readonly key: string,
  ) {
    super();
  }

  override _read(): void {
    if (this.body) {
      this.body.resume();
      return;
    }
    if (this.started) return;
    this.started = true;
    this.open().then(
      (body) => {
        if (this.destroyed) {
          body.destroy();
          return;
        }
        this.body = body;
        body.on('data', (chunk: Buffer) => {
          if (!this.push(chunk)) body.pause();
        });
        body.once('end', () => this.push(null));
        body.once('error', (err) => this.destroy(err));
      },
      (err: unknown) => this.destroy(isMissing(err) ? missingObjectError(this.key) : (err as Error)),
    );
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.body?.destroy();
    callback(err);
  }
}

/**
 * Files in an S3-compatible bucket (ADR 039), under the same keys as the local driver. Uploads of streams go in
 * parts of S3_PART_SIZE (never buffered whole); an object appears whole or not at all (S3 has no half-written
 * objects), so a reader never sees half a file. The content type is stored on the object and, as on the local
 * disk, reported from the key's extension.
 */
export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  private readonly settings: S3Settings;
  private readonly partSize: number;
  private readonly queueSize: number;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(settings: S3Settings) {
    this.settings = settings;
    this.bucket = settings.bucket;
    this.partSize = Math.max(5 * 1024 * 1024, settings.partSize ?? S3_PART_SIZE);
    this.queueSize = Math.max(1, settings.queueSize ?? S3_QUEUE_SIZE);
  }

  /** The SDK and its client, made on first use. */
  private s3(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= loadSdk().then((sdk) => {
      const { settings } = this;
      const client = new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Checksums only where S3 requires them: not every S3-compatible service takes the SDK's default CRC32
        // checksums (ADR 039); TLS and each request's Content-Length still guard the bytes.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: {
          connectionTimeout: 5_000,
          httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
          httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
        },
      });
      return { sdk, client };
    });
    return this.connection;
  }

  /** The SDK's client of this store (tests and commands that look at the bucket directly). */
  async client(): Promise<S3Client> {
    return (await this.s3()).client;
  }

  /** Creates the bucket when it is missing (server start, buildApp); idempotent, and safe for instances starting together. */
  async init(): Promise<void> {
    const { sdk, client } = await this.s3();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (err) {
      if (!isMissing(err)) throw this.unavailable(err);
    }
    try {
      const region = this.settings.region;
      await client.send(
        new sdk.CreateBucketCommand({
          Bucket: this.bucket,
          ...(region === 'us-east-1'
            ? {}
            : { CreateBucketConfiguration: { LocationConstraint: region as BucketLocationConstraint } }),
        }),
      );
    } catch (err) {
      // Another instance created it meanwhile (several starting together, ADR 042). Services name that answer
      // differently (BucketAlreadyOwnedByYou; s3rver: BucketAlreadyExists): the bucket is ours if we can now read it.
      if ((err as { name?: string }).name === 'BucketAlreadyOwnedByYou') return;
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
      } catch {
        throw this.unavailable(err);
      }
    }
  }

  /**
   * Stores `data` under `key`. `metadata` (x-amz-meta-*, ASCII) travels with the object: the copy from a local store
   * records each file's SHA-256 there (cli/arquivos-copiar-para-s3.ts).
   */
  async put(
    key: string,
    data: Buffer | Readable,
    contentType?: string,
    metadata?: Record<string, string>,
  ): Promise<void> {
    assertValidKey(key);
    // The upload reads the stream a little later: an error before that reaches it through the iteration, not as
    // an unhandled 'error' event.
    if (!Buffer.isBuffer(data)) data.on('error', () => undefined);
    const { sdk, client } = await this.s3();
    const type = contentType ?? contentTypeForKey(key);
    const params = {
      Bucket: this.bucket,
      Key: key,
      ...(type ? { ContentType: type } : {}),
      ...(metadata ? { Metadata: metadata } : {}),
    };
    if (Buffer.isBuffer(data)) {
      await client.send(new sdk.PutObjectCommand({ ...params, Body: data, ContentLength: data.length }));
      return;
    }
    await this.putStream(sdk, client, params, data);
  }

  /**
   * A stream in parts of partSize, copied into at most queueSize part buffers that are reused: queueSize parts being
   * sent (the stream waits), or one fewer and the one being filled. Nothing else is kept per part (no list of chunks
   * joined into a new buffer per part, as lib-storage's Upload did: P8, docs/quality.md and bench/README.md). A
   * stream shorter than one part is one PutObject; a longer one a multipart upload, aborted when anything fails (no
   * parts left behind, billed, in the bucket) and the source destroyed, as pipeline() does for the local driver.
   */
  private async putStream(
    sdk: Sdk,
    client: S3Client,
    params: { Bucket: string; Key: string; ContentType?: string; Metadata?: Record<string, string> },
    data: Readable,
  ): Promise<void> {
    const { partSize, queueSize } = this;
    const livres: Buffer[] = [];
    const enviando = new Set<Promise<void>>();
    const partes: { PartNumber: number; ETag: string }[] = [];
    let numero = 0;
    let uploadId: string | undefined;
    let falha: { erro: unknown } | undefined;
    let parte: Buffer = Buffer.allocUnsafeSlow(partSize);
    let cheio = 0;

    const enviar = async (buffer: Buffer, tamanho: number): Promise<void> => {
      uploadId ??= (await client.send(new sdk.CreateMultipartUploadCommand(params))).UploadId;
      const PartNumber = ++numero;
      const envio = client
        .send(
          new sdk.UploadPartCommand({
            Bucket: params.Bucket,
            Key: params.Key,
            UploadId: uploadId,
            PartNumber,
            Body: buffer.subarray(0, tamanho),
            ContentLength: tamanho,
          }),
        )
        .then(
          (res) => {
            partes.push({ PartNumber, ETag: res.ETag ?? '' });
            livres.push(buffer);
          },
          (erro: unknown) => {
            falha ??= { erro };
          },
        )
        .finally(() => enviando.delete(envio));
      enviando.add(envio);
      // At most queueSize parts on their way: the stream waits (its backpressure reaches the socket).
      while (enviando.size >= queueSize && !falha) await Promise.race(enviando);
    };

    try {
      for await (const chunk of data as AsyncIterable<Buffer>) {
        let lido = 0;
        while (lido < chunk.length) {
          const n = chunk.copy(parte, cheio, lido);
          cheio += n;
          lido += n;
          if (cheio === partSize) {
            await enviar(parte, cheio);
            if (falha) throw falha.erro;
            parte = livres.pop() ?? Buffer.allocUnsafeSlow(partSize);
            cheio = 0;
          }
        }
      }
      if (uploadId === undefined) {
        await client.send(
          new sdk.PutObjectCommand({ ...params, Body: parte.subarray(0, cheio), ContentLength: cheio }),
        );
        return;
      }
      if (cheio > 0) await enviar(parte, cheio);
      await Promise.all(enviando);
      if (falha) throw falha.erro;
      partes.sort((a, b) => a.PartNumber - b.PartNumber);
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: params.Bucket,
          Key: params.Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: partes },
        }),
      );
    } catch (err) {
      data.destroy();
      await Promise.allSettled(enviando);
      if (uploadId !== undefined) {
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket: params.Bucket, Key: params.Key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw err;
    }
  }

  createReadStream(key: string, range?: { start: number; end: number }): Readable {
    assertValidKey(key);
    return new ObjectReadStream(async () => {
      const { sdk, client } = await this.s3();
      const res = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return res.Body as Readable;
    }, key);
  }

  async stat(key: string): Promise<{ size: number; contentType?: string } | null> {
    const head = await this.head(key);
    if (!head) return null;
    const contentType = contentTypeForKey(key);
    return contentType ? { size: head.size, contentType } : { size: head.size };
  }

  /** Size and user metadata (x-amz-meta-*) of an object, or null when there is none. */
  async head(key: string): Promise<{ size: number; metadata: Record<string, string> } | null> {
    assertValidKey(key);
    const { sdk, client } = await this.s3();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, metadata: head.Metadata ?? {} };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const { sdk, client } = await this.s3();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  /** ListObjectsV2 page by page (S3 returns keys in UTF-8 binary order, the order of the local driver's list). */
  async *list(prefix = ''): AsyncIterable<{ key: string; size: number }> {
    const { sdk, client } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || object.Key.endsWith(TEMP_SUFFIX)) continue;
        yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Writes and deletes a small probe object: the bucket exists and these keys can read and write it. */
  async check(): Promise<void> {
    const { sdk, client } = await this.s3();
    const key = `${PROBE_PREFIX}${process.pid}-${crypto.randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: 'ok' }));
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the client's connections (tests, commands); a later call opens a new client. */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection) (await connection).client.destroy();
  }

  private unavailable(err: unknown): Error {
    const motivo = (err as Error)?.message || (err as { name?: string })?.name || String(err);
    return new Error(
      `O bucket S3 "${this.bucket}" não pôde ser usado (${statusOf(err) ?? 'sem resposta'}): ${motivo}`,
      {
        cause: err,
      },
    );
  }
}
