import type { EndpointBody } from '@clinica/shared/endpoint';
import { MSG } from '@clinica/shared/messages';
import type { Avaliacao, produtoApi } from '@clinica/shared/schemas/produto';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AvaliacaoRepository } from './avaliacao.repository.js';

type AvaliacaoData = EndpointBody<typeof produtoApi.avaliar>;

/** Dates of reviews are the clinic's calendar days. */
const FUSO_LOJA = 'America/Sao_Paulo';
const diaDaLoja = new Intl.DateTimeFormat('en-CA', {
  timeZone: FUSO_LOJA,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Calendar days already worked out, by UTC hour (bounded: emptied when full). */
const diasPorHora = new Map<number, [number, number, number]>();
const MAX_HORAS_MEMORIZADAS = 16_384;
const HORA_MS = 3_600_000;

/**
 * [year, month, day] of an instant in the clinic's time zone (SPEC §3 Review createAt, the orders' dates).
 * Intl's formatToParts costs a few microseconds per call and a page lists dozens of dates, so the answer is kept per
 * UTC hour: America/Sao_Paulo's offset has been a whole number of hours, changed on an hour boundary, since 1914,
 * so every instant of one UTC hour falls on the same local day. The result is a fresh array each call.
 */
export function diaDe(instante: Date): [number, number, number] {
  const ms = instante.getTime();
  const hora = Math.floor(ms / HORA_MS);
  let dia = diasPorHora.get(hora);
  if (!dia) {
    if (Number.isNaN(ms)) throw new RangeError('Data inválida');
    const parts = Object.fromEntries(diaDaLoja.formatToParts(instante).map((p) => [p.type, p.value]));
    dia = [Number(parts.year), Number(parts.month), Number(parts.day)];
    if (diasPorHora.size >= MAX_HORAS_MEMORIZADAS) diasPorHora.clear();
    diasPorHora.set(hora, dia);
  }
  return [dia[0], dia[1], dia[2]];
}

/**
 * How a reviewer is shown on the public product page: a person by first name
 * and the initial of the last ("Maria S."), a company by its name.
 */
export function nomePublico(c: { juridica: boolean; nome: string | null; razaoSocial: string | null }): string {
  if (c.juridica) return c.razaoSocial?.trim() || 'Cliente';
  const partes = (c.nome ?? '').trim().split(/\s+/).filter(Boolean);
  if (partes.length === 0) return 'Cliente';
  const primeiro = partes[0]!;
  return partes.length > 1 ? `${primeiro} ${partes[partes.length - 1]!.charAt(0).toUpperCase()}.` : primeiro;
}

export function toAvaliacao(row: {
  clienteId: number;
  produtoId: number;
  nota: string | number;
  comentario: string | null;
  createdAt: Date;
  juridica: boolean;
  nome: string | null;
  razaoSocial: string | null;
}): Avaliacao {
  return {
    nomeCliente: nomePublico(row),
    nota: Number(row.nota),
    comentario: row.comentario,
    createAt: diaDe(row.createdAt),
    clienteId: row.clienteId,
    produtoId: row.produtoId,
  };
}

/** SPEC §7 POST /produto/avaliacao: a customer rates a product they bought. */
export function createAvaliacaoService({ repository }: { repository: AvaliacaoRepository }) {
  return {
    /**
     * The caller's review of a product: only for their own client id (403
     * otherwise), an active product (404) they bought in a paid, shipped or
     * delivered order (422). One per client and product: a new one replaces
     * the old. The comment is kept as the plain text it is.
     */
    async avaliar(user: AuthUser, input: AvaliacaoData): Promise<Avaliacao> {
      if (user.idCliente === null || user.idCliente !== input.clienteId) throw forbidden();
      const contexto = await repository.contexto(input.produtoId, input.clienteId);
      if (!contexto) throw notFound(MSG.produtoNaoEncontrado);
      if (!contexto.comprou) throw unprocessable(MSG.avaliacaoSoComprador);
      const row = await repository.salvar({
        clienteId: input.clienteId,
        produtoId: input.produtoId,
        nota: input.nota,
        comentario: input.comentario,
      });
      return toAvaliacao({ ...row, ...contexto.cliente });
    },
  };
}

export type AvaliacaoService = ReturnType<typeof createAvaliacaoService>;
