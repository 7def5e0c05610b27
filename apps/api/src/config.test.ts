import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { ConfiguracaoRecusada, ENV_VARIABLES, REPO_ROOT, loadConfig, recusaDoProcessoDeTarefas } from './config.js';
import { VARIAVEIS_DA_LOJA_DE_VERDADE } from './test/loja-de-verdade.js';

describe('configuração por variáveis de ambiente', () => {
  it('aplica os padrões documentados no README', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toMatch(/data$/);
    expect(c.DEMO_MODE).toBe(true);
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
    expect(() => loadConfig({ ...base, DEMO_MODE: 'true' })).toThrow(/JWT_SECRET: obrigatório/);
    expect(loadConfig({ ...base, DEMO_MODE: 'true', JWT_SECRET: 'x'.repeat(32) }).JWT_SECRET).toHaveLength(32);
    // PGlite in production (npm start) and PostgreSQL in development keep the generated secret.
    expect(loadConfig({ NODE_ENV: 'production' }).JWT_SECRET).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: base.DATABASE_URL }).JWT_SECRET).toBeUndefined();
  });
  it('o processo de tarefas (npm run worker) exige o PostgreSQL e o JWT_SECRET das instâncias web (ADR 042)', () => {
    const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/loja';
    const semNada = recusaDoProcessoDeTarefas(loadConfig({}));
    expect(semNada?.message).toMatch(
      /^Configuração inválida:\n {2}DATABASE_URL: defina o PostgreSQL.*\n {2}JWT_SECRET: defina o mesmo segredo/s,
    );
    // In development a web instance with DATABASE_URL may keep the generated secret; the worker never does.
    expect(recusaDoProcessoDeTarefas(loadConfig({ DATABASE_URL }))?.message).toMatch(/JWT_SECRET/);
    expect(recusaDoProcessoDeTarefas(loadConfig({ DATABASE_URL }))?.message).not.toMatch(/DATABASE_URL/);
    expect(recusaDoProcessoDeTarefas(loadConfig({ DATABASE_URL, JWT_SECRET: 'x'.repeat(32) }))).toBeUndefined();
  });
});

/** A real store's settings (ADR 022): NODE_ENV=production with its PostgreSQL, real mail, Mercado Pago, its address. */
const LOJA_DE_VERDADE = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://loja@db.interno:5432/loja',
  JWT_SECRET: 'x'.repeat(64),
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://loja:senha@smtp.exemplo.com.br:587',
  PAYMENT_PROVIDER: 'mercadopago',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1234567890-token',
  MERCADOPAGO_PUBLIC_KEY: 'APP_USR-chave-publica',
  MERCADOPAGO_WEBHOOK_SECRET: 'segredo-dos-avisos',
  INVOICE_PROVIDER: 'nfeio',
  NFEIO_API_KEY: 'chave-da-nfeio',
  NFEIO_COMPANY_ID: 'empresa-na-nfeio',
  PUBLIC_URL: 'https://www.sorrisopleno.com.br',
} as const;

/** Each way a real store's settings can fall back to a demo setting, and the one variable its line must name. */
const DEMONSTRACAO: Record<string, { env: Record<string, string | undefined>; variavel: string; diz: RegExp }> = {
  'e-mail na caixa de saída': {
    env: { MAIL_TRANSPORT: 'outbox' },
    variavel: 'MAIL_TRANSPORT',
    diz: /MAIL_TRANSPORT=smtp/,
  },
  'sem servidor SMTP': { env: { SMTP_URL: undefined }, variavel: 'SMTP_URL', diz: /smtp:\/\// },
  'banco de demonstração': { env: { PAYMENT_PROVIDER: 'sandbox' }, variavel: 'PAYMENT_PROVIDER', diz: /mercadopago/ },
  'sem token do Mercado Pago': {
    env: { MERCADOPAGO_ACCESS_TOKEN: undefined },
    variavel: 'MERCADOPAGO_ACCESS_TOKEN',
    diz: /token de acesso/,
  },
  'token de teste do Mercado Pago': {
    env: { MERCADOPAGO_ACCESS_TOKEN: 'TEST-1234' },
    variavel: 'MERCADOPAGO_ACCESS_TOKEN',
    diz: /credencial de teste.*produção \(APP_USR-…\)/,
  },
  'sem chave pública': {
    env: { MERCADOPAGO_PUBLIC_KEY: undefined },
    variavel: 'MERCADOPAGO_PUBLIC_KEY',
    diz: /chave pública/,
  },
  'chave pública de teste': {
    env: { MERCADOPAGO_PUBLIC_KEY: 'TEST-abcd' },
    variavel: 'MERCADOPAGO_PUBLIC_KEY',
    diz: /credencial de teste/,
  },
  'sem a assinatura dos avisos': {
    env: { MERCADOPAGO_WEBHOOK_SECRET: undefined },
    variavel: 'MERCADOPAGO_WEBHOOK_SECRET',
    diz: /assinatura secreta/,
  },
  'notas fiscais de demonstração': { env: { INVOICE_PROVIDER: 'sandbox' }, variavel: 'INVOICE_PROVIDER', diz: /nfeio/ },
  'sem chave da NFE.io': {
    env: { NFEIO_API_KEY: undefined },
    variavel: 'NFEIO_API_KEY',
    diz: /chave de API da NFE\.io/,
  },
  'sem empresa na NFE.io': { env: { NFEIO_COMPANY_ID: undefined }, variavel: 'NFEIO_COMPANY_ID', diz: /id da empresa/ },
  'sem endereço público': { env: { PUBLIC_URL: undefined }, variavel: 'PUBLIC_URL', diz: /cabeçalho Host/ },
  'com os dados de demonstração': { env: { SEED_DEMO: 'true' }, variavel: 'SEED_DEMO', diz: /SEED_DEMO=false/ },
  'frete no sandbox do Melhor Envio': {
    env: {
      FREIGHT_PROVIDER: 'melhorenvio',
      MELHOR_ENVIO_CLIENT_ID: 'id',
      MELHOR_ENVIO_CLIENT_SECRET: 'segredo',
      MELHOR_ENVIO_REDIRECT_URI: 'https://www.sorrisopleno.com.br/api/melhorenvio/callback',
    },
    variavel: 'MELHOR_ENVIO_URL',
    diz: /https:\/\/melhorenvio\.com\.br/,
  },
};

/** The lines of a refused configuration, without its title and the closing note: `VARIÁVEL: mensagem`. */
function linhasRecusadas(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env as NodeJS.ProcessEnv);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfiguracaoRecusada);
    const [titulo, ...linhas] = (err as Error).message.split('\n');
    expect(titulo).toBe('Configuração inválida:');
    return linhas.filter((l) => !l.startsWith('  (')).map((l) => l.trim());
  }
  return [];
}

const variavelDe = (linha: string) => linha.split(':')[0];

describe('uma loja de verdade recusa os ajustes de demonstração (ADR 022)', () => {
  it('NODE_ENV=production com DATABASE_URL e JWT_SECRET e nada mais: uma linha por variável a definir, e como pedir uma demonstração', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: LOJA_DE_VERDADE.DATABASE_URL, JWT_SECRET: 'x'.repeat(32) };
    const linhas = linhasRecusadas(env);
    expect(linhas.map(variavelDe)).toEqual(VARIAVEIS_DA_LOJA_DE_VERDADE);
    // Each line says what to set, in pt-BR.
    for (const linha of linhas) expect(linha).toMatch(/: defina /);
    expect(() => loadConfig(env)).toThrow(/Para uma loja de demonstração pública, defina DEMO_MODE=true/);
  });

  it.each(Object.entries(DEMONSTRACAO))('%s: só a linha da sua variável', (_caso, { env, variavel, diz }) => {
    const linhas = linhasRecusadas({ ...LOJA_DE_VERDADE, ...env });
    expect(linhas).toHaveLength(1);
    expect(variavelDe(linhas[0]!)).toBe(variavel);
    expect(linhas[0]).toMatch(diz);
  });

  it('cada combinação de ajustes de demonstração dá exatamente as linhas das variáveis afetadas', () => {
    // One case per variable at most (two cases of one variable, e.g. no token and a test token, exclude each other).
    const porVariavel = new Map<string, (typeof DEMONSTRACAO)[string][]>();
    for (const caso of Object.values(DEMONSTRACAO)) {
      porVariavel.set(caso.variavel, [...(porVariavel.get(caso.variavel) ?? []), caso]);
    }
    const escolha = fc.tuple(
      ...[...porVariavel.values()].map((casos) => fc.option(fc.constantFrom(...casos), { nil: undefined })),
    );
    fc.assert(
      fc.property(escolha, (casos) => {
        const escolhidos = casos.filter((c) => c !== undefined);
        const env = Object.assign({}, LOJA_DE_VERDADE, ...escolhidos.map((c) => c.env));
        const linhas = linhasRecusadas(env);
        expect(new Set(linhas.map(variavelDe))).toEqual(new Set(escolhidos.map((c) => c.variavel)));
        expect(linhas).toHaveLength(escolhidos.length);
      }),
      { numRuns: 200 },
    );
  });

  it('com tudo de verdade, sobe fora do modo de demonstração e sem os dados de demonstração', () => {
    const c = loadConfig(LOJA_DE_VERDADE);
    expect(c.DEMO_MODE).toBe(false);
    expect(c.SEED_DEMO).toBe(false);
    expect(loadConfig({ ...LOJA_DE_VERDADE, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('DEMO_MODE=true: a demonstração pública sobe com os sandboxes e os dados de demonstração', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: LOJA_DE_VERDADE.DATABASE_URL,
      JWT_SECRET: 'x'.repeat(32),
      DEMO_MODE: 'true',
    });
    expect(c.DEMO_MODE).toBe(true);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.MAIL_TRANSPORT).toBe('outbox');
    expect(c.PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('sem DATABASE_URL (npm start, PGlite) ou fora de produção, a loja é a de demonstração', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).DEMO_MODE).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: LOJA_DE_VERDADE.DATABASE_URL }).DEMO_MODE).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_MODE).toBe(true);
  });

  it('DEMO_MODE=false pede o mesmo em qualquer banco: uma loja de verdade em PGlite', () => {
    expect(linhasRecusadas({ NODE_ENV: 'production', DEMO_MODE: 'false' }).map(variavelDe)).toContain('MAIL_TRANSPORT');
    const { DATABASE_URL: _url, JWT_SECRET: _secret, ...semBanco } = LOJA_DE_VERDADE;
    expect(loadConfig({ ...semBanco, DEMO_MODE: 'false' }).DEMO_MODE).toBe(false);
  });

  it('SMTP e Mercado Pago pedem as suas credenciais também numa demonstração', () => {
    expect(linhasRecusadas({ MAIL_TRANSPORT: 'smtp' }).map(variavelDe)).toEqual(['SMTP_URL']);
    expect(
      linhasRecusadas({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'TEST-1' }).map(variavelDe),
    ).toEqual(['MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET']);
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
