import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuração por variáveis de ambiente', () => {
  it('aplica os padrões documentados no README', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toMatch(/data$/);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.CORS_ORIGINS).toBe('');
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
});
