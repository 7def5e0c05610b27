/**
 * `npm run admin:create` (README "Implantação", ADR 022): creates the first ADMIN ('Gerente') of the store's
 * database (DATABASE_URL, or PGlite in DATA_DIR). It applies the migrations and the base data (permissions,
 * geography; never the demo data) first, then asks the e-mail, the name and the password twice (hidden in a
 * terminal), or reads them from ADMIN_EMAIL, ADMIN_NOME and ADMIN_PASSWORD for scripts. Exit code 0 when the
 * account was created, 1 when it was refused (with the reason in pt-BR on stderr).
 */
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { MSG_API } from '@clinica/shared/messages-api';
import { ConfiguracaoRecusada, loadDatabaseSettings } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seedDatabase } from '../db/seed/index.js';
import { criarGerente, emailEmUso, RecusaDoComando, regrasDoGerente, type DadosDoGerente } from './criar-gerente.js';

/** The answers' variables, for scripts (an empty one counts as not set). */
const VARIAVEIS = { email: 'ADMIN_EMAIL', nome: 'ADMIN_NOME', password: 'ADMIN_PASSWORD' } as const;

interface Perguntas {
  /** One answer; `oculta` hides what is typed in a terminal. */
  perguntar(texto: string, oculta?: boolean): Promise<string>;
  close(): void;
}

/**
 * Questions on stdin, one line per answer: in a terminal the password's characters are not echoed; from a pipe the
 * lines are read as they come (the tests answer so).
 */
function perguntasNoTerminal(): Perguntas {
  const terminal = Boolean(process.stdin.isTTY);
  let muda = false;
  const saida = new Writable({
    write(chunk, encoding, done) {
      if (!muda) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output: saida, terminal });
  const linhas = rl[Symbol.asyncIterator]();
  return {
    async perguntar(texto, oculta = false) {
      rl.setPrompt(texto);
      rl.prompt();
      muda = oculta && terminal;
      const { value, done } = await linhas.next();
      muda = false;
      if (oculta && terminal) process.stdout.write('\n');
      if (done) {
        throw new RecusaDoComando(
          `A entrada terminou antes das respostas. Rode num terminal ou defina ${Object.values(VARIAVEIS).join(', ')}.`,
        );
      }
      return String(value);
    },
    close: () => rl.close(),
  };
}

/** An answer from its variable (refused at once when it breaks a rule), or asked until it follows the rules. */
async function resposta(
  campo: keyof DadosDoGerente,
  perguntas: () => Perguntas,
  pergunta: (p: Perguntas) => Promise<string>,
  extra: (valor: string) => Promise<string | null> = async () => null,
): Promise<string> {
  const doAmbiente = process.env[VARIAVEIS[campo]];
  if (doAmbiente !== undefined && doAmbiente.trim() !== '') {
    const r = regrasDoGerente[campo](doAmbiente);
    const erro = r.ok ? await extra(doAmbiente) : r.erro;
    if (erro) throw new RecusaDoComando(`${VARIAVEIS[campo]}: ${erro}`);
    return doAmbiente;
  }
  for (;;) {
    const valor = await pergunta(perguntas());
    const r = regrasDoGerente[campo](valor);
    const erro = r.ok ? await extra(valor) : r.erro;
    if (!erro) return valor;
    process.stderr.write(`  ${erro}\n`);
  }
}

async function main(): Promise<void> {
  const settings = loadDatabaseSettings();
  const onde = settings.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${settings.DATA_DIR}`;
  console.log(`Criando o primeiro Gerente da loja. Banco: ${onde}.`);
  let database: Database | undefined;
  let terminal: Perguntas | undefined;
  const perguntas = () => (terminal ??= perguntasNoTerminal());
  try {
    database = await openDatabase({
      url: settings.DATABASE_URL,
      pgliteDir: path.join(settings.DATA_DIR, 'pglite'),
    });
    await database.migrate();
    // The permissions the account needs and the geography; the demo data only ever comes with demo mode.
    await seedDatabase(database, { dataDir: settings.DATA_DIR, demo: false });
    const db = database.db;
    const email = await resposta(
      'email',
      perguntas,
      (p) => p.perguntar('E-mail: '),
      async (v) => ((await emailEmUso(db, v)) ? MSG_API.emailEmUso : null),
    );
    const nome = await resposta('nome', perguntas, (p) => p.perguntar('Nome: '));
    const password = await resposta('password', perguntas, async (p) => {
      for (;;) {
        const senha = await p.perguntar('Senha: ', true);
        if ((await p.perguntar('Repita a senha: ', true)) === senha) return senha;
        process.stderr.write('  As senhas não conferem; digite de novo.\n');
      }
    });
    const gerente = await criarGerente(db, { email, nome, password });
    console.log(`Gerente criado: ${gerente.nome} <${gerente.email}>. Entre na loja em /signIn com este e-mail.`);
  } finally {
    terminal?.close();
    await database?.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof RecusaDoComando || err instanceof ConfiguracaoRecusada) {
    console.error(`Gerente não criado. ${err.message}`);
  } else {
    console.error('Falha ao criar o Gerente:', err);
  }
  process.exit(1);
});
