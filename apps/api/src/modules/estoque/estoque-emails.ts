/**
 * The e-mail of 'Avise-me quando chegar' (docs/behaviour/catalogue-and-search.md#avise-me, ADR 032), on the clinic's one layout
 * (integrations/mail/templates.ts renderEmail) and with the order e-mails' conventions (pedido-emails.ts): a
 * greeting, one short paragraph, a button to the product's page, links absolute from PUBLIC_URL.
 */
import { renderEmail, type EmailRenderizado } from '../../integrations/mail/templates.js';

/** The product's page on the store (the catalogue's /details/{id}), absolute from PUBLIC_URL. */
const urlDoProduto = (publicUrl: string | undefined, produtoId: number) => `${publicUrl ?? ''}/details/${produtoId}`;

/** '{produto} chegou!': the product a visitor or a customer asked about can be bought again. */
export function chegouEmail(p: { id: number; nome: string }, publicUrl: string | undefined): EmailRenderizado {
  return renderEmail({
    assunto: `${p.nome} chegou!`,
    titulo: `${p.nome} chegou!`,
    paragrafos: [
      'Olá!',
      `Você pediu para ser avisado quando ${p.nome} voltasse ao estoque: ele já está disponível na loja. As unidades são limitadas, então garanta a sua.`,
    ],
    acao: { rotulo: 'Ver o produto', url: urlDoProduto(publicUrl, p.id) },
    rodape: 'Você recebeu este e-mail porque pediu o aviso na página do produto. O aviso é enviado uma única vez.',
  });
}
