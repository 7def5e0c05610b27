/**
 * The abandoned-bag reminder (ADR 034, docs/behaviour/bag-and-checkout.md#abandoned-bag-reminder) on the clinic's
 * layout (integrations/mail/templates.ts renderEmail), with the bag's lines at today's names and prices, a link
 * back to the bag and the unsubscribe link every marketing e-mail carries.
 */
import { MSG_SACOLA } from '@clinica/shared/messages-sacola';
import { formatBRL, type Cents } from '@clinica/shared/money';
import { renderEmail, type EmailRenderizado } from '../../integrations/mail/templates.js';

export interface LembreteSacola {
  nome: string;
  /** Each line at today's name and price, with its product's picture (an absolute URL when PUBLIC_URL is set). */
  linhas: Array<{ nome: string; quantidade: number; totalCents: Cents; imagem: string | null }>;
  subtotalCents: Cents;
  /** Where the button goes: the store with the bag open. */
  urlSacola: string;
  /** The unsubscribe page. */
  urlDescadastro: string;
}

export function lembreteSacolaEmail(l: LembreteSacola): EmailRenderizado {
  return renderEmail({
    assunto: MSG_SACOLA.lembreteAssunto,
    titulo: MSG_SACOLA.lembreteTitulo,
    paragrafos: [l.nome.trim() ? `Olá, ${l.nome.trim()}!` : 'Olá!', MSG_SACOLA.lembreteTexto],
    blocos: [
      {
        tipo: 'itens',
        titulo: 'Sua sacola',
        linhas: l.linhas.map((x) => ({
          descricao: x.nome,
          quantidade: x.quantidade,
          valor: formatBRL(x.totalCents),
          imagem: x.imagem,
        })),
        totais: [{ rotulo: 'Subtotal', valor: formatBRL(l.subtotalCents), destaque: true }],
      },
    ],
    acao: { rotulo: MSG_SACOLA.lembreteAcao, url: l.urlSacola },
    descadastro: { texto: MSG_SACOLA.lembreteRodape, url: l.urlDescadastro },
  });
}
