/**
 * The texts of the right of withdrawal (direito de arrependimento, CDC art. 49; docs/behaviour/orders.md#right-of-withdrawal,
 * ADR 036): the customer's order dialog, the staff's return screens and the API's refusals. A module of its own,
 * apart from MSG (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_DESISTENCIA = {
  /** The order status 'DEVOLUCAO_SOLICITADA' as shown. */
  rotuloSituacao: 'Devolução solicitada',
  botao: 'Desistir da compra',
  tituloDialogo: 'Desistir da compra',
  /** `{data}`: the last day of the window (dd/mm/aaaa). */
  prazoAte: 'Você pode desistir desta compra até {data} (7 dias, direito de arrependimento).',
  explicacaoCurso:
    'Ao confirmar, o acesso ao curso termina na hora, o certificado já emitido deixa de valer e devolvemos o valor total pago pelo mesmo meio de pagamento.',
  explicacaoProdutos:
    'Ao confirmar, a clínica entra em contato para combinar a devolução dos produtos, sem custo para você. Quando eles chegarem, devolvemos o valor total pago, incluindo o frete, pelo mesmo meio de pagamento.',
  motivoRotulo: 'Motivo (opcional)',
  motivoDica: 'Se quiser, conte por que está desistindo. Isso nos ajuda a melhorar.',
  motivoLongo: 'O motivo pode ter no máximo 500 caracteres.',
  confirmar: 'Confirmar desistência',
  voltar: 'Voltar',
  /** The answers after confirming. */
  sucessoCurso:
    'Desistência registrada. O acesso ao curso foi encerrado e o estorno do valor total já foi pedido. No cartão, ele aparece em até 2 faturas; no PIX, o valor volta para a conta que pagou.',
  sucessoProdutos:
    'Desistência registrada. Enviaremos por e-mail as instruções para devolver os produtos, sem custo para você. Assim que eles chegarem, devolvemos o valor total, incluindo o frete.',
  /** The order dialog once withdrawn. */
  solicitadaEm: 'Desistência registrada em {data}.',
  aguardandoDevolucao: 'Aguardando a chegada dos produtos devolvidos. O frete da devolução é por conta da clínica.',
  devolucaoRecebida: 'Recebemos os produtos em {data}. O estorno do valor total está em andamento.',
  /** After the window: where to talk to the clinic. */
  prazoEncerrado:
    'O prazo de 7 dias para desistir desta compra terminou. Se precisar de ajuda com o pedido, fale com a clínica:',
  falarWhatsapp: 'Falar com a clínica pelo WhatsApp',
  /** The staff's side. */
  registrarChegada: 'Registrar chegada da devolução',
  confirmarChegada:
    'Confirme que os produtos devolvidos chegaram à clínica. O estoque volta a contar essas unidades e o valor total do pedido (produtos e frete) é estornado ao cliente.',
  chegadaRegistrada: 'Chegada registrada. O estorno do valor total foi pedido ao meio de pagamento.',
  /** Refusals (409), as the person asking is told. */
  naoPago: 'Este pedido ainda não foi pago: não há compra para desistir. Se quiser, cancele o pedido.',
  jaSolicitada: 'A desistência deste pedido já foi registrada.',
  cancelado: 'Este pedido já está cancelado.',
  emTransporte:
    'Este pedido está a caminho. O prazo de 7 dias para desistir começa quando ele for entregue; se preferir, fale com a clínica.',
  aguardandoEnvio:
    'Os produtos deste pedido ainda não foram entregues. O prazo de 7 dias para desistir começa na entrega; para cancelar antes do envio, fale com a clínica.',
  foraDoPrazo:
    'O prazo de 7 dias para desistir desta compra terminou em {data}. Fale com a clínica pelo WhatsApp ou e-mail.',
  semDesistencia: 'Este pedido não tem devolução solicitada.',
  semProdutosADevolver: 'Este pedido não tem produtos a devolver: o estorno da desistência já foi pedido.',
  chegadaJaRegistrada: 'A chegada desta devolução já foi registrada.',
} as const;
