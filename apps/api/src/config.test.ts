import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { ENV_VARIABLES, REPO_ROOT, loadConfig } from './config.js';

describe('configuração por variáveis de ambiente', () => {
  it('aplica os padrões documentados no README', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toMatch(/data$/);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.CORS_ORIGINS).toBe('');
    expect(c.TRUST_PROXY).toBe(false);
  });
  it('TRUST_PROXY: número de proxies ou IPs/CIDRs; true é recusado com a orientação', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,172.16.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '172.16.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: "true" confiaria em qualquer X-Forwarded-For.*número de proxies.*\(ex\.: 1\)/s,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'qualquer' })).toThrow(/TRUST_PROXY/);
  });
  it('trata variável vazia como ausente', () => {
    const c = loadConfig({ DATABASE_URL: '', JWT_SECRET: '  ', PORT: '' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.JWT_SECRET).toBeUndefined();
    expect(c.PORT).toBe(3000);
  });
  it('recusa valores inválidos com mensagem clara', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'curto' })).toThrow(/32 caracteres/);
    expect(() => loadConfig({ SEED_DEMO: 'talvez' })).toThrow(/SEED_DEMO/);
  });
  it('produção com DATABASE_URL exige JWT_SECRET (instâncias compartilham o segredo)', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/loja' };
    expect(() => loadConfig(base)).toThrow(/JWT_SECRET: obrigatório em produção com DATABASE_URL/);
    expect(loadConfig({ ...base, JWT_SECRET: 'x'.repeat(32) }).JWT_SECRET).toHaveLength(32);
    // PGlite in production (npm start) and PostgreSQL in development keep the generated secret.
    expect(loadConfig({ NODE_ENV: 'production' }).JWT_SECRET).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: base.DATABASE_URL }).JWT_SECRET).toBeUndefined();
  });
});

describe('README', () => {
  it('a seção "Variáveis de ambiente" documenta cada variável que o servidor lê', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.split('## Variáveis de ambiente')[1]?.split('\n## ')[0] ?? '';
    expect(ENV_VARIABLES.length).toBeGreaterThan(40);
    expect(ENV_VARIABLES.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });
});
