import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pino } from 'pino';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogLevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * `request.log`, created when first used. Fastify gives every request a pino
 * child logger bound to its `reqId`; building one (its bindings go through the
 * redaction's wildcard paths) costs about as much as writing a line, and a
 * request that is answered normally never logs through it (the access line is
 * written by RequestLogController). The real child is made on the first call,
 * with the same bindings and options, so a line logged through `request.log`
 * is exactly what it was.
 */
class LazyChildLogger {
  private logger: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.logger ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return this.logger?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
  fatal(...args: unknown[]): void {
    this.call('fatal', args);
  }
  error(...args: unknown[]): void {
    this.call('error', args);
  }
  warn(...args: unknown[]): void {
    this.call('warn', args);
  }
  info(...args: unknown[]): void {
    this.call('info', args);
  }
  debug(...args: unknown[]): void {
    this.call('debug', args);
  }
  trace(...args: unknown[]): void {
    this.call('trace', args);
  }
  silent(): void {}
  private call(method: LogLevelMethod, args: unknown[]): void {
    (this.real[method] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory` (app.ts): request loggers made on first use. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

/**
 * Request logging, one line per request (ADR 008), as Fastify's
 * `logController` (app.ts): instead of Fastify's pair of lines (`incoming
 * request` + `request completed`), one line when the answer has been sent,
 * `Requisição atendida`, with the request id (`reqId`), method, URL, status,
 * client IP and response time in ms (`Requisição com erro` at error level when
 * the response itself failed). With LOG_LEVEL=debug the line on arrival comes
 * back (`Requisição recebida`), to follow requests that never finish.
 * Fastify's other lines (stream errors, serializer failures, 503 while
 * closing) are unchanged.
 *
 * The line's fields are fixed and none of them is a redacted path
 * (lib/logger.ts), so it is written by a child logger without redaction:
 * pino's redaction costs more than the rest of the line. Add no field to it
 * that could carry a credential or personal data.
 */
export class RequestLogController extends LogController {
  private readonly accessLog: FastifyBaseLogger;
  /** Writes the access line itself when the logger is a plain pino logger (see accessLineWriter). */
  private readonly writeLine: ((line: string) => void) | null;
  private readonly bindings: string;
  /** Writes the access lines still held (`coalesce`); a no-op otherwise. */
  readonly flush: () => void;

  /**
   * `coalesce` (production, app.ts): the access lines written directly are
   * held and written together once per turn of the event loop (coalescingWriter).
   */
  constructor(logger: FastifyBaseLogger, { coalesce = false }: { coalesce?: boolean } = {}) {
    super();
    this.accessLog = logger.child({}, { redact: { paths: [] } });
    const fast = accessLineWriter(this.accessLog);
    const held = fast && coalesce ? coalescingWriter(fast.write) : null;
    this.writeLine = held?.write ?? fast?.write ?? null;
    this.flush = held?.flush ?? (() => undefined);
    this.bindings = fast?.bindings ?? '';
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.accessLog.level === 'debug' || this.accessLog.level === 'trace') {
      this.accessLog.debug(
        { reqId: request.id, method: request.method, url: request.url, ip: request.ip },
        'Requisição recebida',
      );
    }
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = Math.round(reply.elapsedTime * 100) / 100;
    // An error may carry anything: it goes through the request's logger, with redaction.
    if (error) {
      reply.log.error(
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          ip: request.ip,
          responseTime,
          err: error,
        },
        'Requisição com erro',
      );
      return;
    }
    if (this.writeLine && (this.accessLog as unknown as { levelVal: number }).levelVal <= INFO) {
      // The line pino would write for the same fields, in the same order (request-log.test.ts compares them).
      this.writeLine(
        `{"level":30,"time":${Date.now()}${this.bindings},"reqId":${JSON.stringify(request.id)},` +
          `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)},` +
          `"statusCode":${reply.statusCode},"ip":${JSON.stringify(request.ip)},"responseTime":${responseTime},` +
          `"msg":"${ACCESS_MESSAGE}"}\n`,
      );
      return;
    }
    this.accessLog.info(
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ip: request.ip,
        responseTime,
      },
      ACCESS_MESSAGE,
    );
  }
}

const ACCESS_MESSAGE = 'Requisição atendida';
const INFO = 30;

type PinoInternals = Record<symbol, unknown>;

/**
 * The access line is the one log line of every request, and pino's general
 * path (the fields walked one by one, serializers looked up, the level
 * formatter called) costs more than the rest of the line. With a pino logger
 * configured as lib/logger.ts makes it (epoch time, `msg`, numeric levels,
 * no mixin, no log formatter, no hooks), the line is written straight to
 * pino's destination, with the logger's bindings (`"service":…`) as pino
 * keeps them. Anything else (another logger, other options) gets null: the
 * line then goes through `info()`.
 */
export function accessLineWriter(
  logger: FastifyBaseLogger,
): { write: (line: string) => void; bindings: string } | null {
  const internals = logger as unknown as PinoInternals;
  const { streamSym, chindingsSym, timeSym, messageKeySym, mixinSym, formattersSym, hooksSym } = pino.symbols;
  const stream = internals[streamSym] as { write?: (line: string) => void } | undefined;
  const bindings = internals[chindingsSym];
  const formatters = internals[formattersSym] as
    { level?: (label: string, n: number) => unknown; log?: unknown } | undefined;
  const hooks = internals[hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const levelObject = formatters?.level?.('info', 30) as Record<string, unknown> | undefined;
  if (
    typeof stream?.write !== 'function' ||
    typeof bindings !== 'string' ||
    internals[timeSym] !== pino.stdTimeFunctions.epochTime ||
    internals[messageKeySym] !== 'msg' ||
    internals[mixinSym] ||
    formatters?.log ||
    hooks?.logMethod ||
    hooks?.streamWrite ||
    !levelObject ||
    Object.keys(levelObject).length !== 1 ||
    levelObject.level !== 30
  ) {
    return null;
  }
  const write = stream.write.bind(stream);
  return { write: (line) => write(line), bindings };
}

/**
 * A writer that holds what it is given and writes it all at once at the end of
 * the event loop's turn (setImmediate), in the order given, or when `flush()`
 * is called. Under load every response finished in a turn shares one write:
 * the access line's write to the log's file or pipe, one system call per
 * request, was 15–20 µs of the store's ≈ 120 µs per request on the product
 * page (bench/README.md). What a hard kill (SIGKILL) loses is the lines of the
 * turn it interrupts; app.ts flushes on close and on the process's exit.
 * Another log line (an error) written in the same turn may come before the
 * access lines held there: each line carries its time.
 */
function coalescingWriter(write: (chunk: string) => void): { write: (line: string) => void; flush: () => void } {
  let held = '';
  let scheduled: NodeJS.Immediate | null = null;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (!held) return;
    const chunk = held;
    held = '';
    write(chunk);
  };
  return {
    write: (line) => {
      held += line;
      scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
