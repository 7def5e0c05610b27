import { anvisaValido, mascaraAnvisa, normalizarAnvisa } from '@clinica/shared/anvisa';
import { applyMask, digitsOnly } from '@clinica/shared/masks';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_ESTOQUE_EQUIPE } from '@clinica/shared/messages-estoque-equipe';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { formatDecimalBR, fromCents, parseMoney } from '@clinica/shared/money';
import { CFOP_REGEX, NCM_REGEX } from '@clinica/shared/nfe';
import { DURACAO_CONTEUDO_REGEX } from '@clinica/shared/schemas/conteudo';
import {
  DESCRICAO_PRODUTO_MAX,
  ESTOQUE_MAX,
  ESTOQUE_MINIMO_PADRAO,
  TEMPO_ESTIMADO_REGEX,
  type ProdutoAdmin,
  type ProdutoAdminInput,
  skuValido,
} from '@clinica/shared/schemas/produto-admin';
import { z } from 'zod';

/** Description textarea max 255 characters (docs/behaviour/forms-and-validation.md#back-office-fields). */
export const DESCRICAO_MAX = DESCRICAO_PRODUTO_MAX;
/** The longest a name, title or tag may be (the database's columns). */
export const NOME_MAX = 150;
export const TAG_MAX = 60;
export const TEXTO_HOME_MAX = 1000;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_EXTENSION = /\.(jpe?g|jfif|png|webp)$/i;
/** Content files (pdf, mp4, avi; 'mvi' names no format). */
const CONTENT_EXTENSION = /\.(pdf|mp4|avi)$/i;

/** An image the browser says is JPEG, PNG or WebP (the server checks the bytes again). */
export const isImageFile = (file: File) =>
  IMAGE_TYPES.includes(file.type) || (file.type === '' && IMAGE_EXTENSION.test(file.name));
export const isContentFile = (file: File) => CONTENT_EXTENSION.test(file.name);

/** Digits only, at most 6, shown as HH:MM:SS. */
export const maskHms = (value: string) => applyMask(digitsOnly(value).slice(0, 6), '99:99:99');

interface FichaTecnicaRow {
  /** The saved row's id (edit), absent for a new row. */
  id?: number | undefined;
  descricao: string;
  valor: string;
}

interface TagRow {
  id?: number | undefined;
  nome: string;
}

/** A content of a new digital product (uploaded after the product is created). */
export interface ConteudoRow {
  ordem: string;
  titulo: string;
  duracao: string;
  file: File | null;
}

/** What the product form holds (texts as typed; money and numbers are parsed on submit). */
export interface ProductFormValues {
  nome: string;
  descricao: string;
  /** Reais as typed: '1.234,56', '12.9', '30'. */
  preco: string;
  categoriaId: string;
  /** HH:MM:SS (hours 00-23), optional. */
  tempoEstimado: string;
  digital: boolean;
  ativo: boolean;
  disponivel: boolean;
  brinde: boolean;
  produtoExibidoSite: boolean;
  tituloImagemHome: string;
  textoHome: string;
  /** Workload of a course ('Carga horária', free text). */
  duracao: string;
  altura: string;
  peso: string;
  largura: string;
  comprimento: string;
  /** New physical product: the units on hand (an 'entrada', ADR 032); digits as typed. */
  estoqueInicial: string;
  /** Physical product: 'Estoque mínimo' (the low-stock threshold); digits as typed. */
  estoqueMinimo: string;
  fichaTecnica: FichaTecnicaRow[];
  autores: number[];
  tags: TagRow[];
  conteudos: ConteudoRow[];
  /** New product: pictures uploaded after creation, in order. */
  imagens: File[];
  /** New product: the home (banner) picture. */
  imagemHome: File | null;
  /** NF-e codes of a physical product (product-fiscal-section.tsx): NCM as masked '0000.00.00', CFOP 4 digits. */
  ncm: string;
  cfop: string;
  /** ANVISA number as masked (product-anvisa-section.tsx, ADR 037) and the professional-use flag. */
  anvisaRegistro: string;
  usoProfissional: boolean;
  /** Brand and code, SKU, of a physical product (product-brand-section.tsx, ADR 044). */
  marca: string;
  sku: string;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  nome: '',
  descricao: '',
  preco: '',
  categoriaId: '',
  tempoEstimado: '',
  digital: false,
  ativo: true,
  disponivel: true,
  brinde: false,
  produtoExibidoSite: false,
  tituloImagemHome: '',
  textoHome: '',
  duracao: '',
  altura: '',
  peso: '',
  largura: '',
  comprimento: '',
  estoqueInicial: '0',
  estoqueMinimo: String(ESTOQUE_MINIMO_PADRAO),
  fichaTecnica: [],
  autores: [],
  tags: [],
  conteudos: [],
  imagens: [],
  imagemHome: null,
  ncm: '',
  cfop: '',
  anvisaRegistro: '',
  usoProfissional: false,
  marca: '',
  sku: '',
};

export const EMPTY_CONTEUDO: ConteudoRow = { ordem: '', titulo: '', duracao: '', file: null };

export interface ProductFormOptions {
  /** 'new': contents, pictures and home picture are part of the form. */
  mode: 'new' | 'edit';
  /** Contents are ADMIN only: for USUARIO the form neither shows nor requires them. */
  withContents: boolean;
  /** Edit: the product already has a home picture (shown on site then needs no new one). */
  hasHomeImage?: boolean;
}

/** A dimension or the weight: a number above zero with up to two decimals (step 0.01). */
function dimensionError(value: string): string | undefined {
  const v = value.trim().replace(',', '.');
  if (v === '') return MSG.naoVazio;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(v) || Number(v) <= 0) return MSG_BO.produtoMedidaObrigatoria;
  return undefined;
}

/**
 * The rules of the product form (docs/behaviour/back-office.md#products): every field is checked in one pass, so the rules that depend on the
 * digital and shown-on-site switches always run.
 */
export function productFormSchema(options: ProductFormOptions) {
  return z.custom<ProductFormValues>().superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const min3 = (path: string, value: string, max: number) => {
      const t = value.trim();
      if (t.length < 3) issue([path], MSG.min3);
      else if (t.length > max) issue([path], MSG.textoLongo);
    };

    min3('nome', v.nome, NOME_MAX);
    if (v.descricao.length > DESCRICAO_MAX) issue(['descricao'], MSG_BO.descricaoMax255);
    else min3('descricao', v.descricao, DESCRICAO_MAX);

    if (v.preco.trim() === '') issue(['preco'], MSG.naoVazio);
    else {
      const cents = parseMoney(v.preco);
      if (cents === null || cents < 0 || !/^[\d.,\sR$]+$/.test(v.preco.trim()))
        issue(['preco'], MSG_BO.produtoPrecoInvalido);
    }
    if (v.categoriaId === '') issue(['categoriaId'], MSG.naoVazio);
    if (v.tempoEstimado !== '' && !TEMPO_ESTIMADO_REGEX.test(v.tempoEstimado)) {
      issue(['tempoEstimado'], MSG_BO.tempoEstimadoInvalido);
    }

    // Shown on site needs the home picture, its title and its text.
    if (v.produtoExibidoSite) {
      min3('tituloImagemHome', v.tituloImagemHome, NOME_MAX);
      min3('textoHome', v.textoHome, TEXTO_HOME_MAX);
      if (options.mode === 'new' && !v.imagemHome) issue(['imagemHome'], MSG_BO.selecioneImagem);
      if (options.mode === 'edit' && !options.hasHomeImage && !v.imagemHome) {
        issue(['imagemHome'], MSG_BO.selecioneImagem);
      }
    }
    if (v.imagemHome && !isImageFile(v.imagemHome)) issue(['imagemHome'], MSG_BO.produtoImagemInvalida);
    v.imagens.forEach((file, i) => {
      if (!isImageFile(file)) issue(['imagens', i], MSG_BO.produtoImagemInvalida);
    });

    if (v.digital) {
      if (v.autores.length === 0) issue(['autores'], MSG_BO.selecioneAutor);
      v.tags.forEach((tag, i) => {
        if (tag.nome.trim() === '') issue(['tags', i, 'nome'], MSG_BO.tagVazia);
        else if (tag.nome.trim().length > TAG_MAX) issue(['tags', i, 'nome'], MSG.textoLongo);
      });
      if (v.duracao.trim().length > 30) issue(['duracao'], MSG.textoLongo);
      if (options.mode === 'new' && options.withContents) validateContents(v.conteudos, issue);
    } else {
      for (const key of ['altura', 'peso', 'largura', 'comprimento'] as const) {
        const error = dimensionError(v[key]);
        if (error) issue([key], error);
      }
      if (!unidadesValidas(v.estoqueMinimo)) issue(['estoqueMinimo'], MSG_ESTOQUE_EQUIPE.minimoInvalido);
      if (options.mode === 'new' && !unidadesValidas(v.estoqueInicial)) {
        issue(['estoqueInicial'], MSG_ESTOQUE_EQUIPE.quantidadeInvalida);
      }
      checkFiscal(v, issue);
      v.fichaTecnica.forEach((row, i) => {
        if (row.descricao.trim() === '' || row.valor.trim() === '') {
          issue(
            ['fichaTecnica', i, row.descricao.trim() === '' ? 'descricao' : 'valor'],
            MSG_BO.fichaTecnicaIncompleta,
          );
        }
      });
    }
  });
}

/** A whole number of units from 0 to ESTOQUE_MAX, as typed. */
const unidadesValidas = (text: string) => /^\d{1,7}$/.test(text.trim()) && Number(text.trim()) <= ESTOQUE_MAX;
/** NCM: empty (the form warns) or its 8 digits; CFOP: empty (the 5102/6102 rule) or 4 digits (ADR 031). */
function checkFiscal(v: ProductFormValues, issue: (path: (string | number)[], message: string) => void) {
  const ncm = digitsOnly(v.ncm);
  if (v.ncm.trim() !== '' && !NCM_REGEX.test(ncm)) issue(['ncm'], MSG_NFE.ncmInvalido);
  if (v.cfop.trim() !== '' && !CFOP_REGEX.test(v.cfop.trim())) issue(['cfop'], MSG_NFE.cfopInvalido);
  // ANVISA (ADR 037): empty (an exempt product) or 11 or 13 digits.
  if (v.anvisaRegistro.trim() !== '' && !anvisaValido(v.anvisaRegistro)) {
    issue(['anvisaRegistro'], MSG_ANVISA.anvisaInvalido);
  }
  // Brand and code (ADR 044): the API's rules (schemas/produto-admin.ts).
  if (v.marca.trim().length > 60) issue(['marca'], MSG_BO.marcaLonga);
  if (v.sku.trim() !== '' && !skuValido(v.sku.trim())) issue(['sku'], MSG_BO.skuInvalido);
}

/** Digits only, at most 13, shown 0.0000.0000.00 (11) or 0.0000.0000.000-0 (13). */
export const maskAnvisa = (value: string) => {
  const d = digitsOnly(value).slice(0, 13);
  return applyMask(d, mascaraAnvisa(d));
};

/** Digits only, at most 8, shown as 0000.00.00. */
export const maskNcm = (value: string) => applyMask(digitsOnly(value).slice(0, 8), '9999.99.99');

function validateContents(rows: ConteudoRow[], issue: (path: (string | number)[], message: string) => void) {
  if (rows.length === 0) {
    issue(['conteudos'], MSG_BO.produtoDigitalSemConteudo);
    return;
  }
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    const at = (field: keyof ConteudoRow, message: string) => issue(['conteudos', i, field], message);
    // Every field is required ('Preencha todos os campos'); a filled one is checked for its format.
    const ordem = row.ordem.trim();
    if (ordem === '') at('ordem', MSG_BO.conteudoCamposObrigatorios);
    else if (!/^[1-9]\d{0,5}$/.test(ordem)) at('ordem', MSG_BO.conteudoOrdemInvalida);
    else if (seen.has(Number(ordem))) at('ordem', MSG_BO.conteudoOrdemRepetida);
    else seen.add(Number(ordem));
    const titulo = row.titulo.trim();
    if (titulo === '') at('titulo', MSG_BO.conteudoCamposObrigatorios);
    else if (titulo.length < 3) at('titulo', MSG.min3);
    if (row.duracao.trim() === '') at('duracao', MSG_BO.conteudoCamposObrigatorios);
    else if (!DURACAO_CONTEUDO_REGEX.test(row.duracao)) at('duracao', MSG_BO.conteudoDuracaoInvalida);
    if (!row.file) at('file', MSG_BO.conteudoCamposObrigatorios);
    else if (!isContentFile(row.file)) at('file', MSG_BO.conteudoFormatoInvalido);
  });
}

/** A number of the API (cm, kg) as the form shows it ('12.5'), or ''. */
const numberText = (n: number | null) => (n === null ? '' : String(n));

/** The form's values of a saved product (GET /produto/admin/{id}). */
export function productValuesOf(p: ProdutoAdmin): ProductFormValues {
  return {
    ...EMPTY_PRODUCT_FORM,
    nome: p.nome,
    descricao: p.descricao ?? '',
    preco: formatDecimalBR(p.preco),
    categoriaId: String(p.categoria.id),
    tempoEstimado: p.tempoEstimado ?? '',
    digital: p.digital,
    ativo: p.ativo,
    disponivel: p.disponivel,
    brinde: p.brinde,
    produtoExibidoSite: p.produtoExibidoSite,
    tituloImagemHome: p.tituloImagemHome ?? '',
    textoHome: p.textoHome ?? '',
    duracao: p.duracao ?? '',
    altura: numberText(p.altura),
    peso: numberText(p.peso),
    largura: numberText(p.largura),
    comprimento: numberText(p.comprimento),
    estoqueMinimo: String(p.estoqueMinimo),
    fichaTecnica: p.fichaTecnica.map(({ id, descricao, valor }) => ({ id, descricao, valor })),
    autores: [...p.autores],
    tags: p.tags.map(({ id, nome }) => ({ id, nome })),
    ncm: p.ncm ? maskNcm(p.ncm) : '',
    cfop: p.cfop ?? '',
    anvisaRegistro: p.anvisaRegistro ? maskAnvisa(p.anvisaRegistro) : '',
    usoProfissional: p.usoProfissional,
    marca: p.marca ?? '',
    sku: p.sku ?? '',
  };
}

const decimal = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/**
 * The body of POST /produto/create/ and PUT /produto/editar/{id} from valid
 * form values: price in reais, only the fields of the product's kind
 * (digital → authors and tags; physical → dimensions and technical sheet).
 */
export function toProdutoInput(v: ProductFormValues, id?: number): ProdutoAdminInput {
  const site = v.produtoExibidoSite;
  return {
    ...(id ? { id } : {}),
    nome: v.nome.trim(),
    descricao: v.descricao.trim(),
    preco: fromCents(parseMoney(v.preco) ?? 0),
    categoria: { id: Number(v.categoriaId) },
    tempoEstimado: v.tempoEstimado || null,
    digital: v.digital,
    ativo: v.ativo,
    disponivel: v.disponivel,
    brinde: v.brinde,
    produtoExibidoSite: site,
    tituloImagemHome: v.tituloImagemHome.trim() || null,
    textoHome: v.textoHome.trim() || null,
    duracao: v.digital ? v.duracao.trim() || null : null,
    altura: v.digital ? null : decimal(v.altura),
    peso: v.digital ? null : decimal(v.peso),
    largura: v.digital ? null : decimal(v.largura),
    comprimento: v.digital ? null : decimal(v.comprimento),
    fichaTecnica: v.digital
      ? []
      : v.fichaTecnica.map((row) => ({ descricao: row.descricao.trim(), valor: row.valor.trim() })),
    autores: v.digital ? [...v.autores] : [],
    tags: v.digital ? v.tags.map((tag) => ({ nome: tag.nome.trim() })) : [],
    // A physical product's stock: the initial units are read on creation only (an edit moves them by 'Ajustar
    // estoque', ADR 032).
    ...(v.digital
      ? {}
      : {
          estoqueInicial: Number(v.estoqueInicial.trim() || 0),
          estoqueMinimo: Number(v.estoqueMinimo.trim() || ESTOQUE_MINIMO_PADRAO),
        }),
    ncm: v.digital ? null : digitsOnly(v.ncm) || null,
    cfop: v.digital ? null : v.cfop.trim() || null,
    anvisaRegistro: v.digital ? null : normalizarAnvisa(v.anvisaRegistro) || null,
    usoProfissional: !v.digital && v.usoProfissional,
    marca: v.digital ? null : v.marca.trim() || null,
    sku: v.digital ? null : v.sku.trim().toUpperCase() || null,
  };
}
