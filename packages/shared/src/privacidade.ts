/**
 * The customer's LGPD rights in the store (ADR 038, docs/behaviour/accounts-and-sign-in.md#privacy): consent
 * purposes and origins, the version of the consent text, and what an account closure keeps (the list the privacy
 * policy page reuses).
 */

/** What a consent is for. Only marketing e-mails need one: everything else has another legal basis (ADR 038). */
export const FINALIDADES_CONSENTIMENTO = ['ofertas_email'] as const;
export type FinalidadeConsentimento = (typeof FINALIDADES_CONSENTIMENTO)[number];

/** Where the choice was made. */
/** 'anterior': a choice made before this history existed (copied by the migration from clientes.ofertas_email). */
export const ORIGENS_CONSENTIMENTO = ['cadastro', 'perfil', 'descadastro', 'equipe', 'anterior'] as const;
export type OrigemConsentimento = (typeof ORIGENS_CONSENTIMENTO)[number];

/**
 * The version of the marketing consent text (`MSG_SACOLA.ofertasEmail` and its help line). Change it whenever the
 * text changes: each recorded choice names the text the customer saw.
 */
export const VERSAO_TEXTO_OFERTAS = '2026-11-28';

/**
 * What the store keeps after an account is closed, and why (ADR 038): the privacy policy page can show this list
 * as is. Everything else about the person is erased or anonymised at once.
 */
export const DADOS_MANTIDOS_APOS_EXCLUSAO: ReadonlyArray<{ dado: string; motivo: string; prazo: string }> = [
  {
    dado: 'Notas fiscais emitidas (nome, CPF/CNPJ e endereço do comprador, itens e valores)',
    motivo:
      'Obrigação legal fiscal (LGPD art. 16, I): a nota fiscal eletrônica deve ser guardada pelo emitente (Código Tributário Nacional, arts. 173 e 195; Ajuste SINIEF 07/2005).',
    prazo: '5 anos a contar do primeiro dia do exercício seguinte à emissão',
  },
  {
    dado: 'Pedidos pagos, enviados ou entregues: nome e CPF/CNPJ do comprador, endereço de entrega, itens, valores, pagamentos (sem dados de cartão) e histórico',
    motivo:
      'Obrigação legal fiscal e contábil (LGPD art. 16, I; Código Civil art. 1.194) e defesa em processo (LGPD art. 7, VI; Código de Defesa do Consumidor art. 27).',
    prazo: '5 anos após a compra',
  },
  {
    dado: 'Certificados de cursos: código, curso, carga horária, data e as iniciais do nome',
    motivo: 'Para que um certificado já entregue continue verificável por quem o recebeu (LGPD art. 7, IX).',
    prazo: 'Enquanto o certificado puder ser apresentado',
  },
  {
    dado: 'Avaliações de produtos (nota e comentário), sem o nome do autor',
    motivo: 'Deixam de ser dados pessoais após a anonimização (LGPD art. 12).',
    prazo: 'Enquanto o produto estiver na loja',
  },
  {
    dado: 'Registro de auditoria da exclusão (quem pediu, quando, sem dados pessoais)',
    motivo: 'Comprovar o atendimento do pedido do titular (LGPD art. 37).',
    prazo: '5 anos',
  },
];

/** Situations of an order whose buyer data the store must keep (a sale happened). */
export const SITUACOES_VENDA = ['PAGO', 'ENVIADO', 'ENTREGUE'] as const;

/**
 * The name a certificate keeps after its holder's account is closed: the initials only ('Ana Maria Souza' →
 * 'A. M. S.'), so the certificate stays verifiable without naming the person.
 */
export function iniciaisDoNome(nome: string): string {
  return nome
    .trim()
    .split(/\s+/)
    .filter((p) => p.length > 0)
    .map((p) => `${p[0]!.toLocaleUpperCase('pt-BR')}.`)
    .join(' ');
}
