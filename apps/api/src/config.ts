import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxySetting } from './lib/proxy-trust.js';

/** Root of the @clinica/api package (works from src/ under tsx and from dist/). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(API_ROOT, '..', '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET precisa de pelo menos 32 caracteres.').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  /** `false`, a hop count (`1`) or the proxies' IPs/CIDRs (`10.0.0.0/8,192.168.0.10`); see lib/proxy-trust.ts. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxySetting => {
      try {
        return parseTrustProxy(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  SEED_DEMO: bool.default(true),
  LOGIN_MIN_DELAY_MS: z.coerce.number().int().min(0).default(400),
  RATE_LIMIT_LOGIN_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_ACCOUNT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuração inválida:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}
