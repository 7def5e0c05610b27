/**
 * The demo sales: about fifty orders of the demo buyers (DEMO_COMPRADORES)
 * over the 60 days before the seed day, so a fresh store's dashboard and
 * order list have history. Pure: from the seed instant and the ids the seed
 * gave the catalogue and the buyers, it returns the rows; index.ts writes
 * them in a few batch inserts.
 *
 * Deterministic: a seeded PRNG decides everything; dates are relative to the
 * seed instant. Every order is dated on a calendar day of the clinic
 * (packages/shared clinic-day.ts) strictly before the seed day, so "today's
 * orders" of a fresh store are empty. Each order follows a path the store
 * itself would produce: created PENDENTE by the client; paid (PIX or card,
 * approved by the provider: SISTEMA); shipped with a tracking code and
 * delivered by staff when that moment has passed; or cancelled by the client
 * after an expired PIX, refused by the card issuer, or still pending after an
 * expired PIX. Prices are the catalogue's, freight the local table's
 * (integrations/freight/local-freight-table.ts), the gift added when earned.
 */
import { hojeNaClinica, inicioDoDia, somarDias } from '@clinica/shared/clinic-day';
import type { Cents } from '@clinica/shared/money';
import { VERSAO_TERMOS } from '@clinica/shared/termos';
import {
  CORREIOS,
  SERVICOS_LOCAIS,
  TABELA_FRETE,
  pesoTaxavelGramas,
  precoDaFaixa,
  zonaDoDestino,
} from '../../integrations/freight/local-freight-table.js';
import type { TipoPagamento } from '../../modules/checkout/pagamento.table.js';
import type { ItemNovoPedido } from '../../modules/checkout/precificacao.repository.js';
import type { AutorHistorico, SituacaoPedido } from '../../modules/pedido/pedido.table.js';
import {
  DEMO_BRINDE,
  DEMO_COMPRADORES,
  DEMO_CURSOS,
  DEMO_DESCONTO,
  DEMO_PRODUTOS_FISICOS,
  DEMO_USO_PROFISSIONAL,
  type DemoComprador,
  type DemoEndereco,
  type DemoProdutoFisico,
} from './demo-data.js';

/** How many orders, and over how many days before the seed day. */
export const DEMO_VENDAS_TOTAL = 52;
export const DEMO_VENDAS_DIAS = 60;

const SEMENTE = 0x5eed23;
const MINUTO = 60_000;
const HORA = 60 * MINUTO;
/** The clinic's state: the origin of the parcels. */
const UF_ORIGEM = 'SP';

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
function prng(semente: number): () => number {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoVendasEntrada {
  /** The seed instant (ms). */
  agora: number;
  /** Product ids by demo slug (the gift's included). */
  produtoIds: ReadonlyMap<string, number>;
  /** Client ids by buyer slug. */
  clienteIds: ReadonlyMap<string, number>;
  /** The staff user who ships and delivers (a USUARIO). */
  equipeId: number;
}

/** An item of a demo sale: the store's own order item. */
export type DemoVendaItem = ItemNovoPedido;

export interface DemoVendaHistorico {
  de: SituacaoPedido | null;
  para: SituacaoPedido;
  quem: AutorHistorico;
  quemId: number | null;
  quando: Date;
}

export interface DemoVendaPagamento {
  tipo: TipoPagamento;
  status: 'approved' | 'rejected' | 'cancelled';
  statusDetalhe: string;
  providerId: string;
  chaveProvedor: string;
  valor: Cents;
  expiraEm: Date | null;
  lastFour: string | null;
  paymentMethodId: string;
  aprovadoEm: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoVenda {
  pedido: {
    clienteId: number;
    situacao: SituacaoPedido;
    valorProdutos: Cents;
    valorFrete: Cents;
    valorTotal: Cents;
    nomeRecebedor: string;
    telefoneRecebedor: string;
    dadosNome: string;
    dadosEmail: string;
    dadosTelefone: string;
    dadosDocumento: string;
    /** The buyer's CRO when a line is a professional-use product (ADR 037). */
    dadosCroNumero: string | null;
    dadosCroUf: string | null;
    entregaIdMelhorEnvio: number | null;
    entregaServico: string | null;
    entregaTransportadora: string | null;
    entregaPrazoDias: number | null;
    canceladoEm: Date | null;
    codigoRastreio: string | null;
    enviadoEm: Date | null;
    entregueEm: Date | null;
    /** The terms of purchase accepted (ADR 035): every demo order has the current ones, as a new order would. */
    versaoTermos: string;
    createdAt: Date;
    updatedAt: Date;
  };
  itens: DemoVendaItem[];
  endereco: DemoEndereco | null;
  pagamento: DemoVendaPagamento;
  historico: DemoVendaHistorico[];
}

/** Products that sell in the demo: the available physical ones (not the gift) and the courses. */
const FISICOS_A_VENDA = DEMO_PRODUTOS_FISICOS.filter((p) => p.disponivel !== false && !p.brinde);
const slugDoCurso = new Map(DEMO_CURSOS.map((k) => [k.nome, k.slug]));
/** Boxes of disposables sell by several units. */
const VENDE_EM_QUANTIDADE = new Set(['descartaveis', 'higiene']);

/** Check digit of a Correios tracking number (weights 8 6 4 2 3 5 9 7, modulo 11). */
function digitoRastreio(numero: string): number {
  const pesos = [8, 6, 4, 2, 3, 5, 9, 7];
  const soma = [...numero].reduce((s, c, i) => s + Number(c) * pesos[i]!, 0);
  const resto = soma % 11;
  return resto === 0 ? 5 : resto === 1 ? 0 : 11 - resto;
}

/** The instant `hora:minuto:segundo` after the start of the clinic's day `dias` days before the seed day. */
function instanteSP(agora: number, dias: number, hora: number, minuto: number, segundo = 0): number {
  const dia = somarDias(hojeNaClinica(new Date(agora)), -dias);
  return inicioDoDia(dia).getTime() + hora * HORA + minuto * MINUTO + segundo * 1000;
}

/** The demo sales for a store seeded at `agora` (see the file comment). */
export function gerarDemoVendas({ agora, produtoIds, clienteIds, equipeId }: DemoVendasEntrada): DemoVenda[] {
  const rnd = prng(SEMENTE);
  const inteiro = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const escolher = <T>(lista: readonly T[]): T => lista[Math.floor(rnd() * lista.length)]!;
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const idDe = (slug: string) => {
    const id = produtoIds.get(slug);
    if (id === undefined) throw new Error(`Produto de demonstração desconhecido: ${slug}`);
    return id;
  };
  const pesoTotal = DEMO_COMPRADORES.reduce((s, c) => s + c.peso, 0);
  const comprador = (): DemoComprador => {
    let r = rnd() * pesoTotal;
    for (const c of DEMO_COMPRADORES) {
      r -= c.peso;
      if (r < 0) return c;
    }
    return DEMO_COMPRADORES.at(-1)!;
  };

  // 1. When: days 1–60 before the seed day, more of them in the recent weeks; shop hours.
  const momentos = Array.from({ length: DEMO_VENDAS_TOTAL }, (_, i) => {
    const dias = 1 + Math.min(DEMO_VENDAS_DIAS - 1, Math.floor(DEMO_VENDAS_DIAS * rnd() ** 1.7));
    // The index in the seconds keeps every order's instant distinct.
    return { dias, criado: instanteSP(agora, dias, inteiro(8, 22), inteiro(0, 59), i % 60) };
  }).sort((a, b) => a.criado - b.criado);

  // Courses each client owns (bought in a paid order so far): a course is bought once.
  const cursosDe = new Map<string, Set<string>>();
  const vendas: DemoVenda[] = [];

  momentos.forEach(({ dias, criado }, n) => {
    const c = comprador();
    const clienteId = clienteIds.get(c.slug);
    if (clienteId === undefined) throw new Error(`Comprador de demonstração desconhecido: ${c.slug}`);
    const possui = cursosDe.get(c.slug) ?? new Set<string>();
    cursosDe.set(c.slug, possui);

    // 2. What: physical products (most orders), a course, or both.
    const tipo = rnd();
    const itens: DemoVendaItem[] = [];
    const cursosLivres = DEMO_CURSOS.filter((k) => !possui.has(k.slug));
    const querCurso = (tipo < 0.3 || (c.juridica && tipo < 0.4)) && cursosLivres.length > 0;
    const querFisico = !querCurso || tipo < 0.12;
    if (querCurso) {
      const k = escolher(cursosLivres);
      itens.push({
        produtoId: idDe(k.slug),
        produtoNome: k.nome,
        quantidade: 1,
        valorUnitario: k.preco,
        valorTotal: k.preco,
        brinde: false,
        digital: true,
      });
    }
    const fisicos: { p: DemoProdutoFisico; quantidade: number }[] = [];
    if (querFisico) {
      const quantos = inteiro(1, c.juridica ? 4 : 3);
      const escolhidos = new Set<DemoProdutoFisico>();
      while (escolhidos.size < quantos) escolhidos.add(escolher(FISICOS_A_VENDA));
      for (const p of escolhidos) {
        const max = VENDE_EM_QUANTIDADE.has(p.categoria) ? (c.juridica ? 6 : 3) : c.juridica ? 2 : 1;
        const quantidade = inteiro(1, max);
        fisicos.push({ p, quantidade });
        itens.push({
          produtoId: idDe(p.slug),
          produtoNome: p.nome,
          quantidade,
          valorUnitario: p.preco,
          valorTotal: p.preco * quantidade,
          brinde: false,
          digital: false,
        });
      }
    }
    const valorProdutos = itens.reduce((s, i) => s + i.valorTotal, 0);
    // The gift (docs/behaviour/bag-and-checkout.md#gift): one unit at zero when the products reach the threshold.
    if (valorProdutos >= DEMO_DESCONTO.valor) {
      itens.push({
        produtoId: idDe(DEMO_BRINDE.slug),
        produtoNome: DEMO_BRINDE.nome,
        quantidade: 1,
        valorUnitario: 0,
        valorTotal: 0,
        brinde: true,
        digital: false,
      });
    }

    // 3. Freight for what ships (neither digital nor the gift), by the local table from São Paulo.
    let valorFrete = 0;
    let servico: (typeof SERVICOS_LOCAIS)[number] | null = null;
    let prazo = 0;
    if (fisicos.length > 0) {
      servico = rnd() < 0.7 ? SERVICOS_LOCAIS[0] : SERVICOS_LOCAIS[1];
      const zona = zonaDoDestino(UF_ORIGEM, c.uf);
      if (!zona) throw new Error(`UF desconhecida: ${c.uf}`);
      const faixa = TABELA_FRETE[zona][servico.chave];
      const { taxavel } = pesoTaxavelGramas(
        fisicos.map(({ p, quantidade }) => ({
          quantidade,
          pesoKg: Number(p.peso),
          alturaCm: Number(p.altura),
          larguraCm: Number(p.largura),
          comprimentoCm: Number(p.comprimento),
        })),
      );
      valorFrete = precoDaFaixa(faixa, taxavel);
      prazo = faixa.prazo.max;
    }
    const valorTotal = valorProdutos + valorFrete;
    // Something physical goes out (the gift included): the address is kept and staff ship it.
    const vaiPeloCorreio = itens.some((i) => !i.digital);

    // 4. What happened: mostly paid; a few cancelled, refused or still pending (only recent ones).
    const sorte = rnd();
    const destino: 'pago' | 'cancelado' | 'recusado' | 'pendente' =
      dias <= 4 && sorte < 0.3 ? 'pendente' : sorte < 0.08 ? 'cancelado' : sorte < 0.14 ? 'recusado' : 'pago';
    const tipoPagamento: TipoPagamento =
      destino === 'recusado' ? 'credit' : destino === 'pago' ? (rnd() < 0.55 ? 'pix' : 'credit') : 'pix';
    const bandeira = tipoPagamento === 'pix' ? 'pix' : escolher(['visa', 'master', 'master', 'elo']);
    const quatro = tipoPagamento === 'credit' ? String(inteiro(0, 9999)).padStart(4, '0') : null;

    const historico: DemoVendaHistorico[] = [
      { de: null, para: 'PENDENTE', quem: 'CLIENTE', quemId: clienteId, quando: new Date(criado) },
    ];
    const expiraPix = tipoPagamento === 'pix' ? new Date(criado + 10 * MINUTO) : null;
    let situacao: SituacaoPedido = 'PENDENTE';
    let aprovadoEm: Date | null = null;
    let canceladoEm: Date | null = null;
    let enviadoEm: Date | null = null;
    let entregueEm: Date | null = null;
    let codigoRastreio: string | null = null;
    let pagamentoStatus: DemoVendaPagamento['status'];
    let statusDetalhe: string;
    let pagamentoAtualizado: number;

    // Every draw is made whatever the path, so the orders after this one do not depend on the hour of the seed.
    const sorteio = {
      aprovacao: tipoPagamento === 'pix' ? inteiro(1, 9) * MINUTO : inteiro(3, 20) * 1000,
      diasAteEnvio: inteiro(1, 3),
      horaEnvio: inteiro(9, 17),
      minutoEnvio: inteiro(0, 59),
      rastreio: String(inteiro(0, 99_999_999)).padStart(8, '0'),
      diasEntregaExtra: inteiro(0, 3),
      horaEntrega: inteiro(10, 18),
      minutoEntrega: inteiro(0, 59),
      recusa: inteiro(3, 15) * 1000,
      motivoRecusa: escolher(['cc_rejected_insufficient_amount', 'cc_rejected_other_reason']),
      cancelamento: inteiro(30, 24 * 60) * MINUTO,
      providerId: `sbx-${hex(24)}`,
    };

    if (destino === 'pago') {
      const aprovado = criado + sorteio.aprovacao;
      aprovadoEm = new Date(aprovado);
      pagamentoStatus = 'approved';
      statusDetalhe = 'accredited';
      pagamentoAtualizado = aprovado;
      situacao = 'PAGO';
      historico.push({ de: 'PENDENTE', para: 'PAGO', quem: 'SISTEMA', quemId: null, quando: aprovadoEm });
      if (vaiPeloCorreio) {
        // Posted one to three days later; delivered within the service's time (or a little after).
        const diaEnvio = dias - sorteio.diasAteEnvio;
        const envio = instanteSP(agora, diaEnvio, sorteio.horaEnvio, sorteio.minutoEnvio);
        if (envio < agora - 30 * MINUTO) {
          enviadoEm = new Date(envio);
          const numero = sorteio.rastreio;
          codigoRastreio = `${servico?.chave === 'SEDEX' ? 'OY' : 'QB'}${numero}${digitoRastreio(numero)}BR`;
          situacao = 'ENVIADO';
          historico.push({ de: 'PAGO', para: 'ENVIADO', quem: 'USUARIO', quemId: equipeId, quando: enviadoEm });
          const diasEntrega = Math.max(2, prazo) + sorteio.diasEntregaExtra;
          const entrega = instanteSP(agora, diaEnvio - diasEntrega, sorteio.horaEntrega, sorteio.minutoEntrega);
          if (entrega < agora - 30 * MINUTO) {
            entregueEm = new Date(entrega);
            situacao = 'ENTREGUE';
            historico.push({ de: 'ENVIADO', para: 'ENTREGUE', quem: 'USUARIO', quemId: equipeId, quando: entregueEm });
          }
        }
      }
      for (const i of itens) if (i.digital) possui.add(slugDoCurso.get(i.produtoNome)!);
    } else if (destino === 'recusado') {
      const recusado = criado + sorteio.recusa;
      pagamentoStatus = 'rejected';
      statusDetalhe = sorteio.motivoRecusa;
      pagamentoAtualizado = recusado;
      situacao = 'RECUSADO';
      historico.push({ de: 'PENDENTE', para: 'RECUSADO', quem: 'SISTEMA', quemId: null, quando: new Date(recusado) });
    } else {
      // The PIX expired unpaid: the order waits for another payment, or the client called it off.
      pagamentoStatus = 'cancelled';
      statusDetalhe = 'expired';
      pagamentoAtualizado = criado + 10 * MINUTO;
      if (destino === 'cancelado') {
        const cancelado = Math.min(criado + sorteio.cancelamento, agora - HORA);
        canceladoEm = new Date(cancelado);
        situacao = 'CANCELADO';
        historico.push({ de: 'PENDENTE', para: 'CANCELADO', quem: 'CLIENTE', quemId: clienteId, quando: canceladoEm });
      }
    }

    const atualizado = Math.max(...historico.map((h) => h.quando.getTime()));
    vendas.push({
      pedido: {
        clienteId,
        situacao,
        valorProdutos,
        valorFrete,
        valorTotal,
        nomeRecebedor: c.nome,
        telefoneRecebedor: c.telefone,
        dadosNome: c.nome,
        dadosEmail: c.email,
        dadosTelefone: c.telefone,
        dadosDocumento: (c.cpf ?? c.cnpj)!,
        ...(fisicos.some((f) => DEMO_USO_PROFISSIONAL.has(f.p.slug))
          ? { dadosCroNumero: c.cro.numero, dadosCroUf: c.cro.uf }
          : { dadosCroNumero: null, dadosCroUf: null }),
        entregaIdMelhorEnvio: servico?.id ?? null,
        entregaServico: servico?.name ?? null,
        entregaTransportadora: servico ? CORREIOS.name : null,
        entregaPrazoDias: servico ? prazo : null,
        canceladoEm,
        codigoRastreio,
        enviadoEm,
        entregueEm,
        versaoTermos: VERSAO_TERMOS,
        createdAt: new Date(criado),
        updatedAt: new Date(atualizado),
      },
      itens,
      endereco: vaiPeloCorreio ? { ...c.endereco } : null,
      pagamento: {
        tipo: tipoPagamento,
        status: pagamentoStatus,
        statusDetalhe,
        providerId: sorteio.providerId,
        chaveProvedor: `seed-demo-venda-${n + 1}`,
        valor: valorTotal,
        expiraEm: expiraPix,
        lastFour: quatro,
        paymentMethodId: bandeira,
        aprovadoEm,
        createdAt: new Date(criado),
        updatedAt: new Date(pagamentoAtualizado),
      },
      historico,
    });
  });
  return vendas;
}
