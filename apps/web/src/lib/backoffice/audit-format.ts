/**
 * How an audit entry (docs/behaviour/back-office.md#audit-log) reads on the back-office screens: the action
 * in words, the writer's role, and the fields that changed as
 * "campo: antes → depois", computed from the snapshots the API keeps (the
 * record's own columns; money in cents, instants as ISO strings).
 */
import { formatBRL } from '@clinica/shared/money';
import type { AcaoAuditoria, RegistroAuditoria } from '@clinica/shared/schemas/auditoria';
import { formatDayTime } from '../format-date';
import { statusLabel } from '../order-status';

/** '05/03/2026 às 14:32' in the clinic's time zone ('—' when it cannot be read). */
export const formatQuando = formatDayTime;

const ACOES: Record<AcaoAuditoria, string> = {
  CRIAR: 'Cadastro',
  EDITAR: 'Edição',
  EXCLUIR: 'Exclusão',
  ENVIAR_IMAGEM: 'Imagem enviada',
  EXCLUIR_IMAGEM: 'Imagem excluída',
  ORDENAR_IMAGENS: 'Imagens reordenadas',
  ENVIAR_CONTEUDO: 'Conteúdo enviado',
  EXCLUIR_CONTEUDO: 'Conteúdo excluído',
  ALTERAR_PREVIA: 'Prévia grátis alterada',
  CANCELAR: 'Pedido cancelado',
  ENVIAR: 'Pedido enviado',
  ENTREGAR: 'Pedido entregue',
  ALTERAR_ATIVO: 'Ativação alterada',
  ALTERAR_PERMISSAO: 'Permissão alterada',
  ALTERAR_EMAIL: 'E-mail alterado',
  ALTERAR_SENHA: 'Senha alterada',
  TENTAR_NOVAMENTE: 'Tentar novamente',
  EMITIR_NOTA_FISCAL: 'Emitir nota fiscal novamente',
  MOVIMENTAR_ESTOQUE: 'Estoque movimentado',
  EXPORTAR_DADOS: 'Dados exportados (LGPD)',
  EXCLUIR_CONTA: 'Conta excluída e dados anonimizados (LGPD)',
  DESISTIR: 'Desistência do cliente',
  RECEBER_DEVOLUCAO: 'Chegada da devolução registrada',
};

/** The action in words ('Edição', 'Imagem enviada', …). */
export const rotuloAcao = (acao: AcaoAuditoria): string => ACOES[acao] ?? acao;

/** The writer's role as the screens name it: 'Gerente' (ADMIN), 'Equipe' (USUARIO). */
export function rotuloPapel(permissao: string): string {
  if (permissao === 'ADMIN') return 'Gerente';
  if (permissao === 'USUARIO') return 'Equipe';
  if (permissao === 'CLIENTE') return 'Cliente';
  return permissao;
}

/** Human names of the fields the snapshots carry (products, authors, categories, discounts, company, orders, users). */
const CAMPOS: Record<string, string> = {
  cupom: 'Código',
  nome: 'Nome',
  descricao: 'Descrição',
  preco: 'Preço',
  valor: 'Valor',
  digital: 'Produto digital',
  produtoExibidoSite: 'Exibido na home',
  categoriaId: 'Categoria (cód.)',
  tempoEstimado: 'Tempo estimado',
  duracao: 'Duração',
  altura: 'Altura (cm)',
  peso: 'Peso (kg)',
  largura: 'Largura (cm)',
  comprimento: 'Comprimento (cm)',
  brinde: 'Brinde',
  tituloImagemHome: 'Título da imagem da home',
  textoHome: 'Texto da home',
  ativo: 'Ativo',
  disponivel: 'Disponível',
  estoque: 'Estoque',
  reservado: 'Reservado',
  estoqueMinimo: 'Estoque mínimo',
  fichaTecnica: 'Ficha técnica',
  tags: 'Tags',
  autores: 'Autores (cód.)',
  sobre: 'Sobre',
  nomeImg: 'Foto',
  imagemSite: 'Imagem da home',
  titulo: 'Título',
  ordem: 'Ordem',
  tipo: 'Tipo de arquivo',
  nomeArquivo: 'Arquivo',
  nomeFantasia: 'Nome fantasia',
  cnpj: 'CNPJ',
  cpf: 'CPF',
  email: 'E-mail',
  login: 'Login',
  telefone: 'Telefone',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  descricaoHorarioFuncionamento: 'Horário de funcionamento',
  cep: 'CEP',
  logradouro: 'Logradouro',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
  municipioId: 'Município (cód. IBGE)',
  ufId: 'UF (cód.)',
  permissao: 'Permissão',
  confirmado: 'E-mail confirmado',
  estorno: 'Estorno',
  situacao: 'Situação',
  situacaoPedido: 'Situação',
  status: 'Situação',
  codigoRastreio: 'Código de rastreio',
  rastreio: 'Código de rastreio',
  enviadoEm: 'Enviado em',
  entregueEm: 'Entregue em',
  canceladoEm: 'Cancelado em',
  dataPagamento: 'Data do pagamento',
  dataPedido: 'Data do pedido',
  valorTotal: 'Valor total',
  valorProdutos: 'Valor dos produtos',
  valorFrete: 'Frete',
  valorDesconto: 'Desconto',
  motivo: 'Motivo',
  tentativas: 'Tentativas',
  ultimoErro: 'Último erro',
  executarEm: 'Próxima execução',
  // Coupons (the code is `cupom`, first above: `codigo` is a secret's name to the audit writer).
  percentual: 'Percentual (%)',
  valorFixo: 'Desconto fixo',
  valorMinimo: 'Valor mínimo em produtos',
  inicio: 'Vale a partir de',
  fim: 'Vale até',
  limiteUsos: 'Limite de usos',
  limitePorCliente: 'Usos por cliente',
  primeiraCompra: 'Só na primeira compra',
  escopo: 'Vale para',
  categorias: 'Categorias (cód.)',
  produtos: 'Produtos (cód.)',
  acumulaPix: 'Acumula com o PIX',
  acumulaBrinde: 'Acumula com o brinde',
};

/** Money fields: integer cents in the snapshots. */
const DINHEIRO = new Set([
  'preco',
  'valor',
  'valorTotal',
  'valorProdutos',
  'valorFrete',
  'valorDesconto',
  'valorFixo',
  'valorMinimo',
]);

/** Fields never listed: ids of the record itself and storage paths (the name of the file is shown instead). */
const OCULTOS = new Set([
  'id',
  'imagemId',
  'conteudoId',
  'path',
  'pathImg',
  'pathImgDestaque',
  'createdAt',
  'updatedAt',
]);

/** 'valorFrete' → 'Valor frete' (a field the table above does not name). */
function humanizar(campo: string): string {
  const texto = campo
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/** The field's human name. */
export const rotuloCampo = (campo: string): string => CAMPOS[campo] ?? humanizar(campo);

const ISO_INSTANTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const VAZIO = '—';

/** Fields whose value is an order status (PAGO → 'Pago'). */
const SITUACOES = new Set(['situacao', 'situacaoPedido', 'status']);

/**
 * A value as it reads on screen: money in R$, Sim/Não, instants in the
 * clinic's time, roles and order statuses in words, lists joined.
 */
export function formatarValor(campo: string, valor: unknown): string {
  if (valor === null || valor === undefined || valor === '') return VAZIO;
  if (campo === 'permissao') {
    const nome = typeof valor === 'object' && 'nome' in valor ? (valor as { nome: unknown }).nome : valor;
    if (typeof nome === 'string') return rotuloPapel(nome);
  }
  if (SITUACOES.has(campo) && typeof valor === 'string') return statusLabel(valor);
  if (typeof valor === 'boolean') return valor ? 'Sim' : 'Não';
  if (typeof valor === 'number') {
    if (DINHEIRO.has(campo) && Number.isInteger(valor)) return formatBRL(valor);
    return valor.toLocaleString('pt-BR');
  }
  if (typeof valor === 'string') {
    if (ISO_INSTANTE.test(valor)) return formatQuando(valor);
    // A calendar day (a coupon's validity) as '31/12/2026'.
    if (/^\d{4}-\d{2}-\d{2}$/.test(valor)) return valor.split('-').reverse().join('/');
    // Decimal columns (dimensions) come as '10.50'.
    if (/^-?\d+\.\d+$/.test(valor)) return Number(valor).toLocaleString('pt-BR');
    return valor;
  }
  if (Array.isArray(valor)) {
    if (valor.length === 0) return VAZIO;
    return valor.map((v) => formatarItem(v)).join('; ');
  }
  if (typeof valor === 'object') return formatarItem(valor);
  return String(valor);
}

/** One element of a list: a technical-sheet line is 'Material: Aço'; other objects list their values. */
function formatarItem(item: unknown): string {
  if (item === null || typeof item !== 'object') return item === null ? VAZIO : String(item);
  const o = item as Record<string, unknown>;
  if ('descricao' in o && 'valor' in o) return `${String(o.descricao)}: ${String(o.valor)}`;
  // A reference ({id, nome}: a category, a role) reads as its name.
  if (typeof o.nome === 'string') return o.nome;
  return Object.entries(o)
    .filter(([k]) => !OCULTOS.has(k))
    .map(([k, v]) => `${rotuloCampo(k)}: ${formatarValor(k, v)}`)
    .join(', ');
}

/** One line of an entry: a field and its value before and/or after. */
export interface Mudanca {
  campo: string;
  rotulo: string;
  /** Absent for a creation's initial values. */
  antes?: string;
  /** Absent for a deletion's removed values. */
  depois?: string;
}

/** What an entry shows: the changed fields, or the initial / removed values. */
export interface ResumoMudancas {
  tipo: 'alteracao' | 'inicial' | 'removido' | 'nenhum';
  itens: Mudanca[];
}

/** Known fields in the order of the table above (the database keeps JSON keys in its own order); others after. */
const ORDEM = new Map(Object.keys(CAMPOS).map((c, i) => [c, i]));
const porOrdem = (a: string, b: string) => (ORDEM.get(a) ?? ORDEM.size) - (ORDEM.get(b) ?? ORDEM.size);

const igual = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const temValor = (v: unknown) => !(v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0));

/**
 * The lines of an entry: with both snapshots, only the fields that differ
 * (antes → depois); a creation lists its initial values, a deletion the
 * removed record (non-empty fields only). Hidden fields are left out; known
 * fields come in a fixed order (name, description, price, …).
 */
export function resumirMudancas(registro: Pick<RegistroAuditoria, 'antes' | 'depois'>): ResumoMudancas {
  const { antes, depois } = registro;
  if (antes && depois) {
    const campos = [...new Set([...Object.keys(antes), ...Object.keys(depois)])].sort(porOrdem);
    const itens = campos
      .filter((c) => !OCULTOS.has(c) && !igual(antes[c], depois[c]))
      .map((c) => ({
        campo: c,
        rotulo: rotuloCampo(c),
        antes: formatarValor(c, antes[c]),
        depois: formatarValor(c, depois[c]),
      }));
    // Only a hidden field changed (a new picture path): nothing to tell beyond the action.
    return { tipo: itens.length ? 'alteracao' : 'nenhum', itens };
  }
  const unico = depois ?? antes;
  if (!unico) return { tipo: 'nenhum', itens: [] };
  const itens = Object.entries(unico)
    .filter(([c, v]) => !OCULTOS.has(c) && temValor(v))
    .sort(([a], [b]) => porOrdem(a, b))
    .map(([c, v]) =>
      depois
        ? { campo: c, rotulo: rotuloCampo(c), depois: formatarValor(c, v) }
        : { campo: c, rotulo: rotuloCampo(c), antes: formatarValor(c, v) },
    );
  return { tipo: depois ? 'inicial' : 'removido', itens };
}
