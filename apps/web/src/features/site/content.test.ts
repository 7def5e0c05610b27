// @vitest-environment node
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ARTIGOS, LIVROS } from './content/artigos';
import { CONTATO } from './content/contato';
import { AREAS, CARROSSEL, DEPOIMENTOS, EQUIPE, SOBRE } from './content/inicio';
import { AREAS_DETALHES } from './content/inicio-areas';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');

describe('site content (docs/behaviour/site.md#home)', () => {
  it('has the 3 slides of the carousel, each with a heading, a text and an action', () => {
    expect(CARROSSEL).toHaveLength(3);
    for (const slide of CARROSSEL) {
      expect(slide.titulo.length).toBeGreaterThan(5);
      expect(slide.texto.length).toBeGreaterThan(20);
      expect(slide.acao.destino).toMatch(/^(\/|#)/);
    }
    expect(CARROSSEL.map((s) => s.acao.rotulo)).toEqual(
      expect.arrayContaining(['Agende sua avaliação', 'Conheça a loja']),
    );
  });

  it('has the six treatment areas, each with what it is, indications, how it works and care', () => {
    expect(AREAS.map((a) => a.nome)).toEqual([
      'Dentística restauradora',
      'Ortodontia',
      'Endodontia',
      'Odontopediatria',
      'Harmonização facial',
      'Periodontia',
    ]);
    // Every area has its details (./content/inicio-areas.ts), and no details belong to no area.
    expect(Object.keys(AREAS_DETALHES).sort()).toEqual(AREAS.map((a) => a.id).sort());
    for (const area of AREAS) {
      const detalhe = AREAS_DETALHES[area.id]!;
      expect(detalhe.oQueE.length).toBeGreaterThan(80);
      expect(detalhe.comoFunciona.length).toBeGreaterThan(80);
      expect(detalhe.indicacoes.length).toBeGreaterThanOrEqual(3);
      expect(detalhe.cuidados.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('has 10 team members with unique ids and a CRO number written the Brazilian way', () => {
    expect(EQUIPE).toHaveLength(10);
    expect(new Set(EQUIPE.map((m) => m.id)).size).toBe(10);
    expect(new Set(EQUIPE.map((m) => m.cro)).size).toBe(10);
    for (const m of EQUIPE) {
      expect(m.cro).toMatch(/^CRO-[A-Z]{2} \d{4,6}$/);
      expect(m.nome).toMatch(/^Dra?\. /);
      expect(m.bio.length).toBeGreaterThan(40);
      expect(m.foto.width).toBeGreaterThan(0);
    }
  });

  it('has testimonials, differentials and the contact page hours (weekdays until 20h, Saturday until 12h)', () => {
    expect(DEPOIMENTOS.length).toBeGreaterThanOrEqual(3);
    expect(SOBRE.diferenciais.length).toBeGreaterThanOrEqual(4);
    expect(CONTATO.horarios).toEqual([
      { dias: 'Segunda a sexta', horas: '08h às 20h' },
      { dias: 'Sábado', horas: '08h às 12h' },
    ]);
  });

  it('lists articles whose PDF is in public/artigos with the size, pages and title it claims', async () => {
    expect(ARTIGOS.length).toBeGreaterThanOrEqual(3);
    for (const artigo of ARTIGOS) {
      expect(artigo.arquivo).toMatch(/^\/artigos\/[a-z0-9-]+\.pdf$/);
      const file = path.join(PUBLIC, artigo.arquivo);
      expect(statSync(file).size, artigo.arquivo).toBe(artigo.bytes);
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdf = await PDFDocument.load(readFileSync(file));
      expect(pdf.getPageCount(), artigo.arquivo).toBe(artigo.paginas);
      expect(pdf.getTitle()).toBe(artigo.titulo);
      expect(pdf.getAuthor()).toBe('Clínica Odontológica Sorriso Pleno');
    }
  });

  it('links every book to an https page', () => {
    for (const livro of LIVROS) expect(new URL(livro.url).protocol).toBe('https:');
  });
});
