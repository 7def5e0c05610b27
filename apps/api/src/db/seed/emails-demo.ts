/**
 * The demo mailbox's order e-mails (ADR 030): the seed writes the demo sales straight into their tables, so no status
 * change ever sent their e-mails. For the newest demo order in each of paid, shipped, delivered and cancelled, the
 * e-mail that change sends (the same templates, modules/pedido/pedido-emails.ts) is put in the outbox as delivered at
 * the change's time, so /sandbox/emails shows what a customer receives.
 */
import { and, desc, eq } from 'drizzle-orm';
import { pagamentoDoEmail } from '../../modules/checkout/pagamento-registro.js';
import { pagamentos } from '../../modules/checkout/pagamento.table.js';
import { emailsSaida } from '../../modules/email/email.table.js';
import { notasFiscais } from '../../modules/nota-fiscal/nota-fiscal.table.js';
import {
  linksDaLoja,
  pagamentoAprovadoEmail,
  pedidoCanceladoEmail,
  pedidoEntregueEmail,
  pedidoEnviadoEmail,
} from '../../modules/pedido/pedido-emails.js';
import { lerParaEmail } from '../../modules/pedido/pedido-situacao.repository.js';
import { pedidoHistorico, pedidos } from '../../modules/pedido/pedido.table.js';
import type { EmailRenderizado } from '../../integrations/mail/templates.js';
import type { Tx } from '../client.js';

const SITUACOES = ['PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO'] as const;

export async function emailsDasVendas(tx: Tx): Promise<number> {
  // The demo has no PUBLIC_URL at seed time: the links are the store's paths (linksDaLoja, demo only).
  const links = linksDaLoja(undefined);
  let escritos = 0;
  for (const situacao of SITUACOES) {
    const [ultimo] = await tx
      .select({ id: pedidos.id, codigoRastreio: pedidos.codigoRastreio, quando: pedidoHistorico.quando })
      .from(pedidos)
      .innerJoin(pedidoHistorico, and(eq(pedidoHistorico.pedidoId, pedidos.id), eq(pedidoHistorico.para, situacao)))
      .where(eq(pedidos.situacao, situacao))
      .orderBy(desc(pedidoHistorico.quando), desc(pedidos.id))
      .limit(1);
    if (!ultimo) continue;
    const p = await lerParaEmail(tx, ultimo.id);
    if (!p?.email) continue;
    let email: EmailRenderizado | null = null;
    if (situacao === 'PAGO') {
      const [pag] = await tx
        .select()
        .from(pagamentos)
        .where(and(eq(pagamentos.pedidoId, p.id), eq(pagamentos.status, 'approved')))
        .limit(1);
      if (pag) email = pagamentoAprovadoEmail(p, pagamentoDoEmail(pag), links);
    } else if (situacao === 'ENVIADO' && ultimo.codigoRastreio) {
      const [nota] = await tx
        .select({ numero: notasFiscais.numero })
        .from(notasFiscais)
        .where(and(eq(notasFiscais.pedidoId, p.id), eq(notasFiscais.status, 'emitida')))
        .limit(1);
      email = pedidoEnviadoEmail(p, ultimo.codigoRastreio, links, nota?.numero ? { numero: nota.numero } : null);
    } else if (situacao === 'ENTREGUE') {
      email = pedidoEntregueEmail(p, links);
    } else if (situacao === 'CANCELADO') {
      email = pedidoCanceladoEmail(p, 'CLIENTE', links);
    }
    if (!email) continue;
    await tx.insert(emailsSaida).values({
      para: p.email,
      assunto: email.assunto,
      texto: email.texto,
      html: email.html,
      status: 'ENVIADO',
      tentativas: 1,
      createdAt: ultimo.quando,
      enviadoEm: ultimo.quando,
    });
    escritos++;
  }
  return escritos;
}
