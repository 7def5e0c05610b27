import { formatarCro } from '@clinica/shared/anvisa';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { cfopDaLinha, NCM_REGEX, ratearDesconto } from '@clinica/shared/nfe';
import type { DadosNota, ItemNota } from './nota-fiscal.dados.js';
import type { FontesNota } from './nota-fiscal.repository.js';

/** Why an invoice cannot be built from the order as it is (recorded as the invoice's failure reason). */
export class NotaIncompletaError extends Error {
  constructor(motivo: string) {
    super(motivo);
    this.name = 'NotaIncompletaError';
  }
}

/** Whether the order has anything to invoice: a physical line that is not the free gift (ADR 031). */
export const temProdutoFaturavel = (itens: FontesNota['itens']) => itens.some((i) => !i.digital && !i.brinde);

/**
 * The invoice of an order (ADR 031): its physical, non-gift lines with their NCM and the CFOP of the rule
 * (packages/shared/src/nfe.ts), the order's coupon and PIX discounts shared among all its priced lines (courses
 * included, so a mixed order's invoice carries only the goods' part), and the freight. Its total is what the customer
 * paid for these goods and their freight; for an order of goods only, the order's total.
 */
export function montarNota({ pedido, itens, entrega, emitente }: FontesNota): DadosNota {
  if (!emitente?.cnpj || !emitente.codigoUf || !emitente.uf || !emitente.cep || !emitente.codigoMunicipio) {
    throw new NotaIncompletaError(MSG_NFE.semEmpresa);
  }
  if (!entrega) throw new NotaIncompletaError(MSG_NFE.semEndereco);
  const documento = pedido.dadosDocumento ?? (pedido.juridica ? pedido.cnpj : pedido.cpf);
  if (!documento) throw new NotaIncompletaError(MSG_NFE.semDocumento);

  const precificadas = itens.filter((i) => !i.brinde);
  const partes = ratearDesconto(
    precificadas.map((i) => i.valorTotal),
    pedido.descontoCupom + pedido.descontoPix,
  );
  const linhas: ItemNota[] = [];
  precificadas.forEach((i, k) => {
    if (i.digital) return;
    if (!i.ncm || !NCM_REGEX.test(i.ncm))
      throw new NotaIncompletaError(MSG_NFE.semNcm.replace('{produto}', i.produtoNome));
    linhas.push({
      codigo: String(i.produtoId),
      descricao: i.produtoNome,
      ncm: i.ncm,
      cfop: cfopDaLinha({ cfopProduto: i.cfop, ufEmitente: emitente.uf!, ufDestino: entrega.uf }),
      unidade: 'UN',
      quantidade: i.quantidade,
      valorUnitario: i.valorUnitario,
      valorBruto: i.valorTotal,
      desconto: partes[k]!,
    });
  });
  const valorProdutos = linhas.reduce((s, l) => s + l.valorBruto, 0);
  const desconto = linhas.reduce((s, l) => s + l.desconto, 0);
  return {
    pedidoId: pedido.id,
    referencia: `pedido-${pedido.id}`,
    naturezaOperacao: 'Venda de mercadoria',
    emitente: {
      nome: emitente.nome,
      cnpj: emitente.cnpj,
      codigoUf: emitente.codigoUf,
      endereco: {
        logradouro: emitente.logradouro ?? '',
        numero: emitente.numero ?? 'S/N',
        complemento: emitente.complemento,
        bairro: emitente.bairro ?? '',
        cep: emitente.cep,
        codigoMunicipio: emitente.codigoMunicipio,
        municipio: emitente.municipio ?? '',
        uf: emitente.uf,
      },
    },
    destinatario: {
      nome: (pedido.juridica ? pedido.razaoSocial : null) ?? pedido.dadosNome ?? pedido.nome ?? '',
      documento: { tipo: documento.length === 11 ? 'CPF' : 'CNPJ', numero: documento },
      inscricaoEstadual: pedido.juridica ? (pedido.inscricaoEstadual ?? null) : null,
      email: pedido.dadosEmail ?? pedido.email,
      endereco: { ...entrega },
    },
    itens: linhas,
    frete: pedido.valorFrete,
    valorProdutos,
    desconto,
    total: valorProdutos - desconto + pedido.valorFrete,
    // The CRO the professional items were sold under (ADR 037), recorded on the order when it was placed.
    informacoesComplementares:
      pedido.dadosCroNumero && pedido.dadosCroUf
        ? MSG_ANVISA.infoNota.replace('{cro}', formatarCro({ numero: pedido.dadosCroNumero, uf: pedido.dadosCroUf }))
        : null,
  };
}
