import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Comma-separated origins allowed by CORS (empty: CORS closed). */
  corsOrigins: string;
  /** Extra CSP sources of configured providers (e.g. a payment SDK), by directive. */
  extraSources?: Partial<Record<'scriptSrc' | 'connectSrc' | 'frameSrc' | 'imgSrc', string[]>>;
}

export const parseOrigins = (value: string): string[] =>
  value
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);

/**
 * Security headers and CORS. The CSP fits a self-hosted SPA: scripts, fonts,
 * styles and media only from our origin (inline styles allowed for the UI
 * libraries and the Swagger UI), images also as data:/blob: (PIX QR code,
 * previews), nothing framed, no plugins.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app, { corsOrigins, extraSources = {} }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...(extraSources.scriptSrc ?? [])],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(extraSources.imgSrc ?? [])],
          fontSrc: ["'self'", 'data:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", ...(extraSources.connectSrc ?? [])],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", ...(extraSources.frameSrc ?? [])],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
        },
      },
      // Same-origin resources only; the SPA and /api share the origin.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });

    const allowed = new Set(parseOrigins(corsOrigins));
    await app.register(cors, {
      // Closed unless CORS_ORIGINS lists the origin; no credentials (bearer tokens only).
      origin: allowed.size === 0 ? false : (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition'],
      maxAge: 600,
    });
  },
  { name: 'clinica-security' },
);
