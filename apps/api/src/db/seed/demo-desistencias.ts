/**
 * The right of withdrawal in the demo (docs/behaviour/orders.md#right-of-withdrawal, ADR 036), written over the demo
 * sales (demo-vendas.ts) once they are in the tables: the newest delivered order waits for its goods back
 * (DEVOLUCAO_SOLICITADA, withdrawn by its customer within the 7 days; the staff can record the arrival), and the
 * newest paid order of courses only was withdrawn and refunded (CANCELADO, its payment refunded at the sandbox
 * provider, and the certificate its customer had earned revoked).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { gerarCodigoCertificado } from '../../modules/conteudo/codigo-certificado.js';

const HORA = 3_600_000;
const DIA = 24 * HORA;

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
const linhas = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** An instant between `inicio` and now: `dias` after it, or halfway to now when that is sooner. */
const depois = (inicio: Date, agora: number, dias: number) =>
  new Date(inicio.getTime() + Math.min(dias * DIA, (agora - inicio.getTime()) / 2));

export async function insertDemoDesistencias(tx: Tx, agora: number): Promise<void> {
  // 1. Goods: the newest delivered order, withdrawn within the 7 days of its delivery.
  const [entregue] = linhas<{ id: number; cliente_id: number; entregue_em: Date | string }>(
    await tx.execute(sql`select id, cliente_id, entregue_em from pedidos where situacao = 'ENTREGUE'
      order by entregue_em desc, id desc limit 1`),
  );
  if (entregue) {
    const em = depois(new Date(entregue.entregue_em), agora, 2);
    await tx.execute(sql`update pedidos set situacao = 'DEVOLUCAO_SOLICITADA', desistencia_em = ${em.toISOString()}::timestamptz,
        desistencia_motivo = 'O tamanho não serviu para o meu consultório.', updated_at = ${em.toISOString()}::timestamptz
      where id = ${entregue.id}`);
    await tx.execute(sql`insert into pedido_historico (pedido_id, de, para, quem, quem_id, quando)
      values (${entregue.id}, 'ENTREGUE', 'DEVOLUCAO_SOLICITADA', 'CLIENTE', ${entregue.cliente_id}, ${em.toISOString()}::timestamptz)`);
  }

  // 2. A course: the newest paid order of courses only, withdrawn the next day and refunded; its certificate revoked.
  const [curso] = linhas<{
    id: number;
    cliente_id: number;
    aprovado_em: Date | string;
    pagamento_id: number;
    provider_id: string;
    produto_id: number;
    produto_nome: string;
    nome: string;
  }>(
    await tx.execute(sql`select p.id, p.cliente_id, g.aprovado_em, g.id as pagamento_id, g.provider_id,
        i.produto_id, i.produto_nome, p.dados_nome as nome
      from pedidos p join pagamentos g on g.pedido_id = p.id and g.status = 'approved'
        join pedido_itens i on i.pedido_id = p.id and i.digital
      where p.situacao = 'PAGO' and not exists (select 1 from pedido_itens f where f.pedido_id = p.id and not f.digital)
      order by g.aprovado_em desc, p.id desc limit 1`),
  );
  if (curso) {
    const pago = new Date(curso.aprovado_em);
    const em = depois(pago, agora, 1);
    const estornado = new Date(em.getTime() + 5 * 60_000);
    const concluido = new Date(pago.getTime() + (em.getTime() - pago.getTime()) / 2);
    const iso = (d: Date) => d.toISOString();
    await tx.execute(sql`update pedidos set situacao = 'CANCELADO', desistencia_em = ${iso(em)}::timestamptz,
        desistencia_motivo = 'O conteúdo não era o que eu esperava.', cancelado_em = ${iso(estornado)}::timestamptz,
        updated_at = ${iso(estornado)}::timestamptz
      where id = ${curso.id}`);
    await tx.execute(sql`insert into pedido_historico (pedido_id, de, para, quem, quem_id, quando) values
      (${curso.id}, 'PAGO', 'DEVOLUCAO_SOLICITADA', 'CLIENTE', ${curso.cliente_id}, ${iso(em)}::timestamptz),
      (${curso.id}, 'DEVOLUCAO_SOLICITADA', 'CANCELADO', 'SISTEMA', null, ${iso(estornado)}::timestamptz)`);
    await tx.execute(sql`update pagamentos set status = 'refunded', status_detalhe = 'refunded',
        updated_at = ${iso(estornado)}::timestamptz where id = ${curso.pagamento_id}`);
    await tx.execute(sql`update sandbox_pagamentos set status = 'refunded', updated_at = ${iso(estornado)}::timestamptz
      where id = ${curso.provider_id}`);
    await tx.execute(sql`insert into certificados (codigo, cliente_id, produto_id, nome_cliente, curso, carga_horaria,
        concluido_em, emitido_em, revogado_em)
      values (${gerarCodigoCertificado()}, ${curso.cliente_id}, ${curso.produto_id}, ${curso.nome}, ${curso.produto_nome},
        null, ${iso(concluido)}::timestamptz, ${iso(concluido)}::timestamptz, ${iso(em)}::timestamptz)`);
  }
}
