import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { produtoAdminInputSchema, produtoAdminSchema } from '@clinica/shared/schemas/produto-admin';
import { describe, expect, it } from 'vitest';
import { fileOf, produtoAdminWire } from './product-fixtures';
import {
  EMPTY_PRODUCT_FORM,
  maskHms,
  productFormSchema,
  productValuesOf,
  toProdutoInput,
  type ProductFormOptions,
  type ProductFormValues,
} from './product-form-schema';

const NEW: ProductFormOptions = { mode: 'new', withContents: true };
const fisico: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  nome: 'Resina composta A2',
  descricao: 'Resina para restaurações',
  preco: '89,90',
  categoriaId: '1',
  altura: '2',
  peso: '0.05',
  largura: '5',
  comprimento: '10',
};
const pdf = fileOf('aula-1.pdf', 'application/pdf');
const digital: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  nome: 'Curso de facetas',
  descricao: 'Facetas em resina do início ao fim',
  preco: '199',
  categoriaId: '5',
  digital: true,
  autores: [7],
  conteudos: [{ ordem: '1', titulo: 'Introdução', duracao: '00:10:00', file: pdf }],
};

/** path → message of every problem. */
function problems(values: ProductFormValues, options: ProductFormOptions = NEW) {
  const result = productFormSchema(options).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('product form rules (docs/behaviour/back-office.md#products)', () => {
  it('accepts a complete physical product and a complete digital one', () => {
    expect(problems(fisico)).toEqual({});
    expect(problems(digital)).toEqual({});
  });

  it('checks name, description (3 to 255), price and category', () => {
    expect(problems({ ...fisico, nome: 'ab', descricao: 'x'.repeat(256), preco: '', categoriaId: '' })).toEqual({
      nome: MSG.min3,
      descricao: MSG_BO.descricaoMax255,
      preco: MSG.naoVazio,
      categoriaId: MSG.naoVazio,
    });
    expect(problems({ ...fisico, preco: 'abc' })).toEqual({ preco: MSG_BO.produtoPrecoInvalido });
    expect(problems({ ...fisico, preco: '1.234,5' })).toEqual({});
  });

  it('tempoEstimado is optional, HH:MM:SS with hours 00-23', () => {
    expect(problems({ ...fisico, tempoEstimado: '23:59:59' })).toEqual({});
    expect(problems({ ...fisico, tempoEstimado: '24:00:00' })).toEqual({ tempoEstimado: MSG_BO.tempoEstimadoInvalido });
    expect(problems({ ...fisico, tempoEstimado: '12:60:00' })).toEqual({ tempoEstimado: MSG_BO.tempoEstimadoInvalido });
    expect(problems({ ...fisico, tempoEstimado: '12:30' })).toEqual({ tempoEstimado: MSG_BO.tempoEstimadoInvalido });
    // The mask: digits only, at most six, shown as HH:MM:SS.
    expect(maskHms('1a2b3c4d5e6f7')).toBe('12:34:56');
    expect(maskHms('013')).toBe('01:3');
  });

  it('a physical product needs its dimensions and a complete technical sheet', () => {
    expect(problems({ ...fisico, altura: '', peso: '0', largura: '1.234', comprimento: '-1' })).toEqual({
      altura: MSG.naoVazio,
      peso: MSG_BO.produtoMedidaObrigatoria,
      largura: MSG_BO.produtoMedidaObrigatoria,
      comprimento: MSG_BO.produtoMedidaObrigatoria,
    });
    expect(
      problems({
        ...fisico,
        fichaTecnica: [
          { descricao: 'Cor', valor: '' },
          { descricao: ' ', valor: '4 g' },
          { descricao: 'Peso', valor: '4 g' },
        ],
      }),
    ).toEqual({
      'fichaTecnica.0.valor': MSG_BO.fichaTecnicaIncompleta,
      'fichaTecnica.1.descricao': MSG_BO.fichaTecnicaIncompleta,
    });
  });

  it('digital hides the physical rules and asks for authors, filled tags and contents', () => {
    // No dimensions asked of a digital product, nor the technical sheet.
    expect(problems({ ...digital, altura: '', fichaTecnica: [{ descricao: '', valor: '' }] })).toEqual({});
    expect(problems({ ...digital, autores: [], tags: [{ nome: 'estética' }, { nome: '  ' }], conteudos: [] })).toEqual({
      autores: MSG_BO.selecioneAutor,
      'tags.1.nome': MSG_BO.tagVazia,
      conteudos: MSG_BO.produtoDigitalSemConteudo,
    });
    // The contents are asked only on /newProduct, and only of someone who may send them (ADMIN).
    expect(problems({ ...digital, conteudos: [] }, { mode: 'new', withContents: false })).toEqual({});
    expect(problems({ ...digital, conteudos: [] }, { mode: 'edit', withContents: false })).toEqual({});
  });

  it('every content needs order, title, duration HH:MM:SS and a PDF/MP4/AVI, with unique orders', () => {
    const row = digital.conteudos[0]!;
    expect(
      problems({
        ...digital,
        conteudos: [
          { ...row, titulo: '' },
          { ...row, ordem: '2', duracao: '1:00' },
          { ...row, ordem: '0' },
          { ...row, ordem: '2', file: fileOf('aula.mvi', '') },
          { ...row, ordem: '5', file: null },
          { ordem: '', titulo: 'ab', duracao: '', file: null },
        ],
      }),
    ).toEqual({
      'conteudos.0.titulo': MSG_BO.conteudoCamposObrigatorios,
      'conteudos.1.duracao': MSG_BO.conteudoDuracaoInvalida,
      'conteudos.2.ordem': MSG_BO.conteudoOrdemInvalida,
      'conteudos.3.ordem': MSG_BO.conteudoOrdemRepetida,
      'conteudos.3.file': MSG_BO.conteudoFormatoInvalido,
      'conteudos.4.file': MSG_BO.conteudoCamposObrigatorios,
      'conteudos.5.ordem': MSG_BO.conteudoCamposObrigatorios,
      'conteudos.5.titulo': MSG.min3,
      'conteudos.5.duracao': MSG_BO.conteudoCamposObrigatorios,
      'conteudos.5.file': MSG_BO.conteudoCamposObrigatorios,
    });
  });

  it('shown on site needs the home picture, its title and its text', () => {
    expect(problems({ ...fisico, produtoExibidoSite: true })).toEqual({
      tituloImagemHome: MSG.min3,
      textoHome: MSG.min3,
      imagemHome: MSG_BO.selecioneImagem,
    });
    const site = {
      ...fisico,
      produtoExibidoSite: true,
      tituloImagemHome: 'Novidade',
      textoHome: 'Chegou a nova resina',
    };
    expect(problems({ ...site, imagemHome: fileOf('home.png', 'image/png') })).toEqual({});
    expect(problems({ ...site, imagemHome: fileOf('home.svg', 'image/svg+xml') })).toEqual({
      imagemHome: MSG_BO.produtoImagemInvalida,
    });
    // Editing a product that already has a home picture: no new one needed.
    expect(problems(site, { mode: 'edit', withContents: false, hasHomeImage: true })).toEqual({});
    expect(problems(site, { mode: 'edit', withContents: false, hasHomeImage: false })).toEqual({
      imagemHome: MSG_BO.selecioneImagem,
    });
    // Off the site, the title and text are not asked.
    expect(problems({ ...fisico, tituloImagemHome: '' })).toEqual({});
  });

  it('refuses gallery files that are not JPEG, PNG or WebP', () => {
    expect(problems({ ...fisico, imagens: [fileOf('a.png', 'image/png'), fileOf('b.gif', 'image/gif')] })).toEqual({
      'imagens.1': MSG_BO.produtoImagemInvalida,
    });
  });
});

describe('form ↔ API', () => {
  it('a physical product goes with price in reais, dimensions and sheet, no authors nor tags', () => {
    const body = toProdutoInput({
      ...fisico,
      preco: '1.234,56',
      tempoEstimado: '01:30:00',
      autores: [7],
      tags: [{ nome: 'x' }],
      fichaTecnica: [{ id: 3, descricao: ' Cor ', valor: 'A2 ' }],
    });
    expect(body).toMatchObject({
      nome: 'Resina composta A2',
      preco: 1234.56,
      categoria: { id: 1 },
      tempoEstimado: '01:30:00',
      digital: false,
      altura: 2,
      peso: 0.05,
      largura: 5,
      comprimento: 10,
      fichaTecnica: [{ descricao: 'Cor', valor: 'A2' }],
      autores: [],
      tags: [],
      duracao: null,
      tituloImagemHome: null,
    });
    expect(produtoAdminInputSchema.safeParse(body).success).toBe(true);
  });

  it('a digital product goes with authors and tags, no dimensions nor sheet', () => {
    const body = toProdutoInput(
      {
        ...digital,
        tags: [{ nome: ' estética ' }],
        duracao: '12 horas',
        altura: '3',
        fichaTecnica: [{ descricao: 'a', valor: 'b' }],
      },
      40,
    );
    expect(body).toMatchObject({
      id: 40,
      digital: true,
      autores: [7],
      tags: [{ nome: 'estética' }],
      duracao: '12 horas',
      altura: null,
      peso: null,
      fichaTecnica: [],
      tempoEstimado: null,
    });
    expect(produtoAdminInputSchema.safeParse(body).success).toBe(true);
  });

  it('a saved product fills the form (price with comma decimals)', () => {
    const produto = produtoAdminSchema.parse(produtoAdminWire({ preco: 1234.5 }));
    const values = productValuesOf(produto);
    expect(values).toMatchObject({
      nome: 'Resina composta A2',
      preco: '1.234,50',
      categoriaId: '1',
      tempoEstimado: '01:30:00',
      altura: '2',
      peso: '0.05',
      fichaTecnica: [{ id: 3, descricao: 'Cor', valor: 'A2' }],
    });
    expect(problems(values, { mode: 'edit', withContents: false })).toEqual({});
  });
});
