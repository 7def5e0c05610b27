import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import type { NotaFiscal } from '@clinica/shared/schemas/nota-fiscal';
import type { Db, Tx } from '../../db/client.js';
import {
  NotaIndisponivelError,
  type InvoiceProvider,
  type NotaProvedor,
} from '../../integrations/invoices/invoice-provider.js';
import { registrarAuditoria } from '../../lib/auditoria.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { JobContext, JobHandlers, JobQueue } from '../../lib/jobs/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { gerarDanfePdf, type Autorizacao } from './danfe-pdf.js';
import { gerarNfeXml } from './nfe-xml.js';
import { montarNota, NotaIncompletaError, temProdutoFaturavel } from './nota-fiscal.montagem.js';
import type { NotaFiscalRepository } from './nota-fiscal.repository.js';
import { notasFiscais, type NotaFiscalRow } from './nota-fiscal.table.js';

/** The issuing job (lib/jobs): one live job per order (its key), a limited number of attempts with backoff. */
const JOB_EMITIR_NOTA = 'nota-fiscal.emitir';
/** Attempts before an invoice the provider keeps failing on is marked falhou (retried every 5 s doubling, ≤ 1 h). */
const TENTATIVAS_NOTA = 6;
const chaveJob = (pedidoId: number) => `nota-fiscal:${pedidoId}`;

/**
 * Asks for an order's invoice in `tx`, the transaction that records its payment (ADR 031): the job decides whether
 * there is anything to invoice. Called where a payment's approval pays the order (modules/checkout/pagamento-registro.ts).
 */
export const pedirNotaFiscal = (jobs: JobQueue, tx: Tx, pedidoId: number) =>
  jobs.enqueue(JOB_EMITIR_NOTA, { pedidoId }, { key: chaveJob(pedidoId), db: tx, maxAttempts: TENTATIVAS_NOTA });

const payloadSchema = z.object({ pedidoId: z.number().int().positive() });

interface NotaFiscalLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface NotaFiscalDeps {
  db: Db;
  repository: NotaFiscalRepository;
  provider: InvoiceProvider;
  jobs: JobQueue;
  log: NotaFiscalLog;
  agora: () => Date;
}

const paraNotaFiscal = (n: NotaFiscalRow): NotaFiscal => ({
  status: n.status,
  provedor: n.provedor,
  numero: n.numero,
  serie: n.serie,
  chaveAcesso: n.chaveAcesso,
  motivoFalha: n.motivoFalha,
  tentativas: n.tentativas,
  emitidaEm: n.emitidaEm ? n.emitidaEm.toISOString() : null,
});

/** Issuing, reading and printing the NF-e of paid orders (docs/behaviour/orders.md#invoice, ADR 031). */
export function createNotaFiscalService(deps: NotaFiscalDeps) {
  const { repository, provider, log } = deps;

  /** Writes the provider's answer on the invoice row (from pendente). */
  async function aplicar(nota: NotaFiscalRow, r: NotaProvedor): Promise<NotaFiscalRow | undefined> {
    if (r.status === 'emitida') {
      return repository.atualizar(nota.id, 'pendente', {
        status: 'emitida',
        providerId: r.providerId,
        numero: r.numero,
        serie: r.serie,
        chaveAcesso: r.chaveAcesso,
        motivoFalha: null,
        emitidaEm: r.emitidaEm ?? deps.agora(),
      });
    }
    if (r.status === 'rejeitada') {
      return repository.atualizar(nota.id, 'pendente', { status: 'falhou', motivoFalha: r.motivo, providerId: null });
    }
    return repository.atualizar(nota.id, 'pendente', { providerId: r.providerId });
  }

  /**
   * The job: the order's invoice row (created once), then, while it is pending, the provider asked (or read again
   * when it already accepted it). A provider unreachable fails the attempt with the reason kept on the row, and the
   * queue retries; the last attempt marks it falhou. Missing data (an NCM, the company's address) and SEFAZ's refusal
   * mark it falhou at once. Safe to run twice: only a pending row is ever written, by a compare-and-set.
   */
  async function emitir(pedidoId: number, ctx?: Pick<JobContext, 'lastAttempt'>): Promise<void> {
    const fontes = await repository.fontes(pedidoId);
    if (!fontes || !temProdutoFaturavel(fontes.itens)) return;
    let nota = await repository.garantir(pedidoId, provider.kind);
    if (nota.status !== 'pendente') return;
    const tentativa = nota.tentativas + 1;
    nota = (await repository.atualizar(nota.id, 'pendente', { tentativas: tentativa })) ?? nota;
    try {
      let resposta: NotaProvedor | null = null;
      if (nota.providerId) resposta = await provider.consultar(nota.providerId);
      if (!resposta) {
        const dados = montarNota(fontes);
        await repository.atualizar(nota.id, 'pendente', { dados });
        resposta = await provider.emitir({ dados, idNota: nota.id, agora: deps.agora() });
      }
      await aplicar(nota, resposta);
      if (resposta.status === 'processando') {
        // Accepted, SEFAZ not answered yet: read it again at the next attempt (or NFE.io's webhook comes first).
        throw new NotaIndisponivelError('nota em processamento na SEFAZ');
      }
    } catch (err) {
      if (err instanceof NotaIncompletaError) {
        await repository.atualizar(nota.id, 'pendente', { status: 'falhou', motivoFalha: err.message });
        return;
      }
      const detalhe = err instanceof Error ? err.message : String(err);
      const motivo = MSG_NFE.provedorIndisponivel.replace('{detalhe}', detalhe);
      await repository.atualizar(nota.id, 'pendente', {
        motivoFalha: motivo,
        ...(ctx?.lastAttempt ? { status: 'falhou' as const } : {}),
      });
      log.warn({ err, pedidoId, tentativa }, 'nota fiscal não emitida nesta tentativa');
      if (!ctx?.lastAttempt) throw err;
    }
  }

  /** The order's invoice for its owner or staff (403 another customer; 404 unknown order). */
  async function daPedido(user: AuthUser, pedidoId: number): Promise<NotaFiscalRow | undefined> {
    const dono = await repository.donoDoPedido(pedidoId);
    if (!dono) throw notFound(MSG_NFE.naoEncontrada);
    if (user.permissao === 'CLIENTE' && dono.clienteId !== user.idCliente) throw forbidden();
    return repository.porPedido(pedidoId);
  }

  return {
    emitir,

    async ler(user: AuthUser, pedidoId: number): Promise<NotaFiscal | null> {
      const nota = await daPedido(user, pedidoId);
      return nota ? paraNotaFiscal(nota) : null;
    },

    /** 'Emitir novamente' (staff, audited): a failed invoice back to pending, and its job enqueued. */
    async reemitir(user: AuthUser, pedidoId: number): Promise<NotaFiscal> {
      const depois = await deps.db.transaction(async (tx) => {
        const [antes] = await tx.select().from(notasFiscais).where(eqPedido(pedidoId)).for('update');
        if (!antes) throw notFound(MSG_NFE.naoEncontrada);
        if (antes.status !== 'falhou') throw conflict(MSG_NFE.reemissaoSoFalha);
        const [row] = await tx
          .update(notasFiscais)
          .set({ status: 'pendente', motivoFalha: null, tentativas: 0, providerId: null, updatedAt: new Date() })
          .where(eqPedido(pedidoId))
          .returning();
        await registrarAuditoria(
          tx,
          { id: user.id, permissao: user.permissao },
          {
            entidade: 'pedido',
            entidadeId: pedidoId,
            acao: 'EMITIR_NOTA_FISCAL',
            antes: paraNotaFiscal(antes),
            depois: paraNotaFiscal(row!),
          },
        );
        await pedirNotaFiscal(deps.jobs, tx, pedidoId);
        return row!;
      });
      deps.jobs.wake();
      return paraNotaFiscal(depois);
    },

    /** The DANFE or the XML of an issued invoice: drawn from the stored data (sandbox) or read from the provider. */
    async documento(user: AuthUser, pedidoId: number, tipo: 'pdf' | 'xml'): Promise<Buffer> {
      const nota = await daPedido(user, pedidoId);
      if (!nota) throw notFound(MSG_NFE.naoEncontrada);
      if (nota.status !== 'emitida' || nota.numero === null || !nota.chaveAcesso) throw conflict(MSG_NFE.naoEmitida);
      if (nota.provedor !== 'sandbox' && nota.providerId) {
        const arquivo = await provider.documento(nota.providerId, tipo);
        if (arquivo) return arquivo;
      }
      if (!nota.dados) throw notFound(MSG_NFE.naoEncontrada);
      const autorizacao: Autorizacao = {
        numero: nota.numero,
        serie: nota.serie ?? 1,
        chaveAcesso: nota.chaveAcesso,
        emitidaEm: nota.emitidaEm ?? nota.updatedAt,
      };
      return tipo === 'pdf'
        ? gerarDanfePdf(nota.dados, autorizacao)
        : Buffer.from(gerarNfeXml(nota.dados, autorizacao), 'utf8');
    },

    /** Whether shipping the order needs the staff's confirmation: its invoice is not issued (ADR 031). */
    async envioExigeConfirmacao(tx: Tx, pedidoId: number): Promise<boolean> {
      const [row] = await tx.select({ status: notasFiscais.status }).from(notasFiscais).where(eqPedido(pedidoId));
      return row?.status !== 'emitida';
    },

    /** The order's issued invoice, for the shipping e-mail; null when it is not issued. */
    async emitida(tx: Tx, pedidoId: number): Promise<{ numero: number } | null> {
      const [row] = await tx
        .select({ status: notasFiscais.status, numero: notasFiscais.numero })
        .from(notasFiscais)
        .where(eqPedido(pedidoId));
      return row?.status === 'emitida' && row.numero !== null ? { numero: row.numero } : null;
    },

    /** NFE.io's notice: the invoice is read again at the provider (the notice's body itself is never trusted). */
    async aviso(providerId: string): Promise<void> {
      const [nota] = await deps.db.select().from(notasFiscais).where(eqProvider(providerId));
      if (!nota || nota.status !== 'pendente') return;
      const r = await provider.consultar(providerId);
      if (r && r.status !== 'processando') await aplicar(nota, r);
    },

    jobHandlers(): JobHandlers {
      return {
        [JOB_EMITIR_NOTA]: async (payload, ctx) => emitir(payloadSchema.parse(payload).pedidoId, ctx),
      };
    },
  };
}

const eqPedido = (pedidoId: number) => eq(notasFiscais.pedidoId, pedidoId);
const eqProvider = (providerId: string) => eq(notasFiscais.providerId, providerId);

export type NotaFiscalService = ReturnType<typeof createNotaFiscalService>;
