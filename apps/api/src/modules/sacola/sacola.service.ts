/**
 * The customer's bag kept on the server and its abandoned-bag reminder (ADR 034,
 * docs/behaviour/bag-and-checkout.md#server-bag): reads answer the lines with the catalogue's current data and the
 * gift recomputed; writes are compare-and-set on the bag's version (a stale one is a 409 with the current bag); the
 * sign-in merge follows the shared rule (packages/shared/src/cart.ts mergeBags).
 */
import { cartLine, mergeBags, sameBag, type BagEntry } from '@clinica/shared/cart';
import { applyGift } from '@clinica/shared/gift';
import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import { multiplyCents } from '@clinica/shared/money';
import type { LinhaSacola, Sacola } from '@clinica/shared/schemas/sacola';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/index.js';
import type { JobHandlers } from '../../lib/jobs/index.js';
import { conflict, unprocessable } from '../../lib/errors.js';
import { DESCADASTRO_PATH, tokenDescadastro } from './descadastro-token.js';
import { lembreteSacolaEmail } from './sacola-emails.js';
import type { ProdutoDaSacola, SacolaRepository } from './sacola.repository.js';
import type { LinhaGuardada, SacolaRow } from './sacola.table.js';

/** The reminder's periodic job (one run per period across instances, lib/jobs registerRecurring). */
export const JOB_LEMBRETE_SACOLA = 'sacola.lembrete';
/** How often the reminder job looks for bags left alone. */
export const LEMBRETE_A_CADA_SEGUNDOS = 15 * 60;
/** Bags reminded per run (the next run takes the rest). */
const LOTE = 100;
/** Attempts of the merge against concurrent writes before giving up with a 409. */
const TENTATIVAS_MESCLA = 3;

export interface SacolaDeps {
  db: Db;
  repository: SacolaRepository;
  mailer: Mailer;
  /** PUBLIC_URL: the reminder's links are absolute. */
  publicUrl: string | undefined;
  /** The app's JWT secret, from which the unsubscribe token's key is derived. */
  jwtSecret: string;
  /** ABANDONED_BAG_HOURS: how long a bag stays untouched before its reminder. */
  horasAbandono: number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

const entradas = (itens: readonly LinhaGuardada[], catalogo: Map<number, ProdutoDaSacola>): BagEntry[] =>
  itens.flatMap((l) => {
    const p = catalogo.get(l.produtoId);
    return p?.ativo ? [{ id: p.id, quantity: p.digital ? 1 : l.quantidade, digital: p.digital }] : [];
  });

const guardadas = (bag: readonly BagEntry[]): LinhaGuardada[] =>
  bag.map((e) => ({ produtoId: e.id, quantidade: e.quantity }));

export function createSacolaService(deps: SacolaDeps) {
  const { db, repository, mailer, log } = deps;
  const base = deps.publicUrl ?? '';

  async function catalogoDe(ids: readonly number[]) {
    return new Map((await repository.produtos(ids)).map((p) => [p.id, p]));
  }

  /** The answer: the kept lines with today's catalogue (inactive products left out) and the gift recomputed. */
  async function resposta(row: Pick<SacolaRow, 'versao' | 'itens' | 'atualizadaEm'> | undefined): Promise<Sacola> {
    if (!row) return { versao: 0, atualizadaEm: null, itens: [] };
    const catalogo = await catalogoDe(row.itens.map((l) => l.produtoId));
    const linhas = entradas(row.itens, catalogo).map((e) => {
      const p = catalogo.get(e.id)!;
      return cartLine(
        { id: p.id, nome: p.nome, pathImg: p.pathImgDestaque, preco: p.preco, digital: p.digital },
        e.quantity,
      );
    });
    const brinde = linhas.length ? await repository.brinde() : { limiar: null, produto: null };
    const itens = [...applyGift(linhas, brinde.limiar, brinde.produto)];
    return { versao: row.versao, atualizadaEm: new Date(row.atualizadaEm).toISOString(), itens };
  }

  async function atual(clienteId: number): Promise<Sacola> {
    return resposta(await repository.ler(clienteId));
  }

  const service = {
    /** GET /sacola. */
    ler: atual,

    /** PUT /sacola: the whole bag, based on `versao`. */
    async gravar(clienteId: number, versao: number, itens: LinhaSacola[]): Promise<Sacola> {
      const catalogo = await catalogoDe(itens.map((l) => l.produtoId));
      if (itens.some((l) => !catalogo.get(l.produtoId)?.ativo)) throw unprocessable(MSG_SACOLA.produtoIndisponivel);
      const bag = entradas(itens, catalogo);
      const gravada = await repository.gravarSe(clienteId, versao, guardadas(bag));
      if (!gravada) throw conflict(MSG_SACOLA.sacolaDesatualizada, await atual(clienteId));
      return resposta(gravada);
    },

    /** POST /sacola/mesclar: the browser's bag joined to the kept one at sign-in (mergeBags). */
    async mesclar(clienteId: number, itens: LinhaSacola[]): Promise<Sacola> {
      for (let tentativa = 0; tentativa < TENTATIVAS_MESCLA; tentativa++) {
        const row = await repository.ler(clienteId);
        const guardado = row?.itens ?? [];
        const catalogo = await catalogoDe([...guardado, ...itens].map((l) => l.produtoId));
        const doServidor = entradas(guardado, catalogo);
        const mesclada = mergeBags(doServidor, entradas(itens, catalogo), (id) => {
          const p = catalogo.get(id);
          return p && !p.digital ? p.restam : null;
        });
        if (row && sameBag(mesclada, doServidor) && doServidor.length === guardado.length) return resposta(row);
        if (!row && mesclada.length === 0) return resposta(undefined);
        const gravada = await repository.gravarSe(clienteId, row?.versao ?? 0, guardadas(mesclada));
        if (gravada) return resposta(gravada);
      }
      throw conflict(MSG_SACOLA.sacolaDesatualizada, await atual(clienteId));
    },

    /**
     * One run of the reminder: each bag left alone gets ONE e-mail for its current version. The mark and the
     * e-mail's outbox row are written in one transaction, after a compare-and-set on the version: two runs (or
     * instances) never both send, and a bag changed meanwhile is left for a later run.
     */
    async lembrar(): Promise<{ enviados: number }> {
      let enviados = 0;
      for (const s of await repository.paraLembrar(deps.horasAbandono, LOTE)) {
        const catalogo = await catalogoDe(s.itens.map((l) => l.produtoId));
        const linhas = entradas(s.itens, catalogo).map((e) => {
          const p = catalogo.get(e.id)!;
          return {
            nome: p.nome,
            quantidade: e.quantity,
            totalCents: multiplyCents(p.preco, e.quantity),
            imagem: p.pathImgDestaque ? `${base}${p.pathImgDestaque}` : null,
          };
        });
        const urlDescadastro = `${base}/api${DESCADASTRO_PATH}?token=${tokenDescadastro(deps.jwtSecret, s.clienteId)}`;
        const email = lembreteSacolaEmail({
          nome: s.nome,
          linhas,
          subtotalCents: linhas.reduce((soma, l) => soma + l.totalCents, 0),
          urlSacola: `${base}/?sacola=1`,
          urlDescadastro,
        });
        const enviado = await db.transaction(async (tx) => {
          if (!(await repository.marcarLembrete(s.clienteId, s.versao, tx))) return false;
          // Nothing left to show (every product withdrawn): the version is marked, no e-mail.
          if (linhas.length === 0) return false;
          await mailer.enviar(
            {
              para: s.email,
              ...email,
              // RFC 2369 and RFC 8058: the mail client's own unsubscribe button, one click, no sign-in.
              cabecalhos: {
                'List-Unsubscribe': `<${urlDescadastro}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            },
            tx,
          );
          return true;
        });
        if (enviado) enviados += 1;
      }
      if (enviados) log.info({ enviados }, 'lembretes de sacola enviados');
      return { enviados };
    },

    jobHandlers(): JobHandlers {
      return {
        [JOB_LEMBRETE_SACOLA]: async () => {
          await service.lembrar();
        },
      };
    },
  };
  return service;
}

export type SacolaService = ReturnType<typeof createSacolaService>;
