import { centsToDecimalString } from '@clinica/shared/money';
import type { Autorizacao } from './danfe-pdf.js';
import type { DadosNota, EnderecoNota } from './nota-fiscal.dados.js';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const tag = (nome: string, valor: string | number) => `<${nome}>${esc(String(valor))}</${nome}>`;
const v = (cents: number) => centsToDecimalString(cents);

const ender = (nome: string, e: EnderecoNota) =>
  `<${nome}>${tag('xLgr', e.logradouro)}${tag('nro', e.numero)}${e.complemento ? tag('xCpl', e.complemento) : ''}${tag('xBairro', e.bairro)}${tag('cMun', e.codigoMunicipio)}${tag('xMun', e.municipio)}${tag('UF', e.uf)}${tag('CEP', e.cep)}${tag('cPais', 1058)}${tag('xPais', 'Brasil')}</${nome}>`;

/**
 * The sandbox's XML (ADR 031): an nfeProc-like document (NF-e layout 4.00 names: ide, emit, dest, det/prod, total,
 * transp, protNFe) with the numbers of the DANFE, homologation environment (tpAmb 2) and no signature: well-formed,
 * readable by a person or a program, and of no fiscal value.
 */
export function gerarNfeXml(d: DadosNota, a: Autorizacao): string {
  const dhEmi = a.emitidaEm.toISOString();
  const b = d.destinatario;
  const itens = d.itens
    .map(
      (i, k) =>
        `<det nItem="${k + 1}"><prod>${tag('cProd', i.codigo)}${tag('xProd', i.descricao)}${tag('NCM', i.ncm)}${tag('CFOP', i.cfop)}${tag('uCom', i.unidade)}${tag('qCom', i.quantidade)}${tag('vUnCom', v(i.valorUnitario))}${tag('vProd', v(i.valorBruto))}${i.desconto ? tag('vDesc', v(i.desconto)) : ''}${tag('indTot', 1)}</prod></det>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">` +
    `<NFe><infNFe Id="NFe${a.chaveAcesso}" versao="4.00">` +
    `<ide>${tag('cUF', d.emitente.codigoUf)}${tag('cNF', a.chaveAcesso.slice(35, 43))}${tag('natOp', d.naturezaOperacao)}${tag('mod', 55)}${tag('serie', a.serie)}${tag('nNF', a.numero)}${tag('dhEmi', dhEmi)}${tag('tpNF', 1)}${tag('tpEmis', 1)}${tag('cDV', a.chaveAcesso.slice(43))}${tag('tpAmb', 2)}${tag('finNFe', 1)}</ide>` +
    `<emit>${tag('CNPJ', d.emitente.cnpj)}${tag('xNome', d.emitente.nome)}${ender('enderEmit', d.emitente.endereco)}</emit>` +
    `<dest>${tag(b.documento.tipo, b.documento.numero)}${tag('xNome', b.nome)}${ender('enderDest', b.endereco)}${tag('indIEDest', b.inscricaoEstadual ? 1 : 9)}${b.inscricaoEstadual ? tag('IE', b.inscricaoEstadual) : ''}${b.email ? tag('email', b.email) : ''}</dest>` +
    itens +
    `<total><ICMSTot>${tag('vProd', v(d.valorProdutos))}${tag('vFrete', v(d.frete))}${tag('vDesc', v(d.desconto))}${tag('vNF', v(d.total))}</ICMSTot></total>` +
    `<transp>${tag('modFrete', 0)}</transp>` +
    `<infAdic>${tag('infCpl', `Pedido ${d.pedidoId}. SEM VALOR FISCAL: emitida no ambiente de demonstração.${d.informacoesComplementares ? ` ${d.informacoesComplementares}` : ''}`)}</infAdic>` +
    `</infNFe></NFe>` +
    `<protNFe versao="4.00"><infProt>${tag('tpAmb', 2)}${tag('chNFe', a.chaveAcesso)}${tag('dhRecbto', dhEmi)}${tag('cStat', 100)}${tag('xMotivo', 'Autorizado o uso da NF-e')}</infProt></protNFe>` +
    `</nfeProc>`
  );
}
