import { pixPrice } from '@clinica/shared/pix-discount';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

/**
 * The body of POST /api/pedido/create for one physical product delivered to the customer's own address with a
 * freight option, paid by PIX: what scripts/crash-checkout.mjs and the bench's checkout scenario
 * (bench/scenarios/p4-checkout.mjs) send. `perfil` is GET /profile/{idUsuario}'s content, `opcao` one option of
 * POST /frete/calcular, `pixPercent` the store's PIX discount (GET /condicoescomerciais/'s `pix.desconto`): by PIX
 * the product costs that much less (docs/behaviour/payments.md#pix-discount), the freight does not.
 */
export function pedidoPix({ idCliente, email, perfil, produto, opcao, pixPercent }) {
  const produtoCents = Math.round(produto.preco * 100);
  const total = (pixPrice(produtoCents, pixPercent) + Math.round(opcao.custom_price * 100)) / 100;
  const nome = perfil.nome ?? perfil.razaoSocial;
  const e = perfil.endereco;
  return {
    valorTotal: total,
    clienteId: idCliente,
    nomeRecebedor: null,
    telefoneRecebedor: null,
    itens: [{ produto: { id: produto.id }, quantidade: 1, valor: produto.preco, valorTotal: produto.preco }],
    enderecoEntrega: {
      ufId: e.uf.id,
      municipioId: e.municipio.id,
      bairro: e.bairro,
      logradouro: e.logradouro,
      numero: e.numero,
      cep: e.cep,
      complemento: e.complemento,
    },
    versaoTermos: VERSAO_TERMOS,
    dadosPessoais: { nome, email, telefone: perfil.telefone, documento: perfil.cpf ?? perfil.cnpj },
    entrega: {
      idMelhorEnvio: opcao.id,
      name: opcao.name,
      customPrice: opcao.custom_price,
      tempoEntrega: opcao.delivery_range.max,
      transportadora: opcao.company.name,
    },
    pagamento: { paymentMethodId: 'pix', tipoPagamento: 'pix', nome, email, valor: total, token: null },
  };
}
