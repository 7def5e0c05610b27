/**
 * Builds the patient-education PDFs of /artigos from the texts in
 * scripts/artigos/*.md into public/artigos/*.pdf (committed; run again after
 * editing a text): `npm run artigos:pdf -w @clinica/web`.
 *
 * The texts are a small Markdown subset: a front matter (titulo, data as
 * YYYY-MM-DD, autoria), `## ` headings, `- ` list items and paragraphs. The
 * output is deterministic (fixed dates, no random ids), so an unchanged text
 * gives the same file, byte for byte, and the size shown on the page stays right.
 */
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = path.join(here, 'artigos');
const OUT = path.resolve(here, '..', 'public', 'artigos');

const CLINICA = 'Clínica Odontológica Sorriso Pleno';
const RESPONSAVEL = 'Responsável técnica: Dra. Helena Vasconcelos – CRO-SP 84213';
const AVISO =
  'Este material tem caráter educativo e não substitui a avaliação individual por um cirurgião-dentista. ' +
  'Em caso de dor, inchaço ou dúvida, procure a clínica.';

// A4 in points and the page grid.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 62, top: 70, bottom: 78 };
const TEXT_WIDTH = PAGE.width - 2 * MARGIN.x;

const COLOR = {
  primary: rgb(0x0b / 255, 0x68 / 255, 0x61 / 255),
  primaryLight: rgb(0xd3 / 255, 0xf1 / 255, 0xec / 255),
  accent: rgb(0xe6 / 255, 0x9a / 255, 0x1f / 255),
  ink: rgb(0x13 / 255, 0x29 / 255, 0x3d / 255),
  text: rgb(0x24 / 255, 0x36 / 255, 0x45 / 255),
  muted: rgb(0x55 / 255, 0x66 / 255, 0x76 / 255),
  border: rgb(0xd8 / 255, 0xe1 / 255, 0xe4 / 255),
};

const MESES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** '2026-10-05' → '5 de outubro de 2026'. */
function dataPorExtenso(iso) {
  const [ano, mes, dia] = iso.split('-').map(Number);
  return `${dia} de ${MESES[mes - 1]} de ${ano}`;
}

/** Straight quotes become typographic ones. */
const typographic = (text) => text.replace(/"([^"]+)"/g, '“$1”');

/** Front matter and blocks of one text: { meta, blocks: [{ type: 'p'|'h'|'li', text }] }. */
export function parseArticle(source) {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error('O texto precisa começar com o cabeçalho --- titulo/data/autoria ---');
  const meta = Object.fromEntries(
    match[1].split('\n').map((line) => {
      const i = line.indexOf(':');
      return [line.slice(0, i).trim(), line.slice(i + 1).trim()];
    }),
  );
  for (const key of ['titulo', 'data', 'autoria']) {
    if (!meta[key]) throw new Error(`Falta "${key}" no cabeçalho`);
  }
  const blocks = [];
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'p', text: typographic(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of match[2].split('\n')) {
    const line = raw.trim();
    if (!line) flush();
    else if (line.startsWith('## ')) {
      flush();
      blocks.push({ type: 'h', text: typographic(line.slice(3)) });
    } else if (line.startsWith('- ')) {
      flush();
      blocks.push({ type: 'li', text: typographic(line.slice(2)) });
    } else paragraph.push(line);
  }
  flush();
  return { meta, blocks };
}

/** Splits a text into lines that fit `width` at `size`. */
function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

async function buildPdf({ meta, blocks }, slug) {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const date = new Date(`${meta.data}T12:00:00Z`);
  doc.setTitle(meta.titulo, { showInWindowTitleBar: true });
  doc.setAuthor(CLINICA);
  doc.setSubject(`${meta.titulo} – material educativo de saúde bucal`);
  doc.setKeywords(['saúde bucal', 'odontologia', 'Sorriso Pleno', slug]);
  doc.setCreator(CLINICA);
  doc.setProducer('pdf-lib');
  doc.setLanguage('pt-BR');
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const pages = [];
  let page;
  let y;

  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    y = PAGE.height - MARGIN.top;
    if (pages.length > 1) {
      page.drawText(CLINICA, { x: MARGIN.x, y: PAGE.height - 40, size: 9, font: fonts.bold, color: COLOR.primary });
      page.drawText(meta.titulo, {
        x: PAGE.width - MARGIN.x - fonts.regular.widthOfTextAtSize(meta.titulo, 9),
        y: PAGE.height - 40,
        size: 9,
        font: fonts.regular,
        color: COLOR.muted,
      });
      page.drawLine({
        start: { x: MARGIN.x, y: PAGE.height - 50 },
        end: { x: PAGE.width - MARGIN.x, y: PAGE.height - 50 },
        thickness: 0.6,
        color: COLOR.border,
      });
    }
  };
  /** Starts a new page when fewer than `needed` points remain. */
  const ensure = (needed) => {
    if (y - needed < MARGIN.bottom) newPage();
  };

  // First page: a band with the clinic's name, then the title and the byline.
  newPage();
  const band = 104;
  page.drawRectangle({ x: 0, y: PAGE.height - band, width: PAGE.width, height: band, color: COLOR.primary });
  page.drawCircle({ x: PAGE.width - 70, y: PAGE.height - 30, size: 62, color: rgb(0.1, 0.52, 0.48), opacity: 0.5 });
  page.drawText(CLINICA, { x: MARGIN.x, y: PAGE.height - 48, size: 15, font: fonts.bold, color: rgb(1, 1, 1) });
  page.drawText('Material educativo de saúde bucal', {
    x: MARGIN.x,
    y: PAGE.height - 68,
    size: 10.5,
    font: fonts.regular,
    color: COLOR.primaryLight,
  });
  page.drawRectangle({ x: MARGIN.x, y: PAGE.height - band - 3, width: 64, height: 3, color: COLOR.accent });
  y = PAGE.height - band - 44;
  for (const line of wrap(meta.titulo, fonts.bold, 23, TEXT_WIDTH)) {
    page.drawText(line, { x: MARGIN.x, y, size: 23, font: fonts.bold, color: COLOR.ink });
    y -= 29;
  }
  y -= 2;
  page.drawText(`Publicado em ${dataPorExtenso(meta.data)} · ${meta.autoria}`, {
    x: MARGIN.x,
    y,
    size: 10,
    font: fonts.italic,
    color: COLOR.muted,
  });
  y -= 30;

  const body = { size: 11, leading: 16.5 };
  for (const [i, block] of blocks.entries()) {
    if (block.type === 'h') {
      // Keep a heading with at least two lines of what follows.
      ensure(26 + 2 * body.leading);
      y -= 8;
      for (const line of wrap(block.text, fonts.bold, 13.5, TEXT_WIDTH)) {
        page.drawText(line, { x: MARGIN.x, y, size: 13.5, font: fonts.bold, color: COLOR.primary });
        y -= 19;
      }
      y -= 2;
    } else if (block.type === 'li') {
      const indent = 16;
      const lines = wrap(block.text, fonts.regular, body.size, TEXT_WIDTH - indent);
      ensure(Math.min(lines.length, 2) * body.leading);
      page.drawText('•', { x: MARGIN.x + 3, y, size: body.size, font: fonts.bold, color: COLOR.accent });
      for (const line of lines) {
        ensure(body.leading);
        page.drawText(line, { x: MARGIN.x + indent, y, size: body.size, font: fonts.regular, color: COLOR.text });
        y -= body.leading;
      }
      y -= 3;
      if (blocks[i + 1]?.type !== 'li') y -= 6;
    } else {
      const lines = wrap(block.text, fonts.regular, body.size, TEXT_WIDTH);
      ensure(Math.min(lines.length, 2) * body.leading);
      for (const line of lines) {
        ensure(body.leading);
        page.drawText(line, { x: MARGIN.x, y, size: body.size, font: fonts.regular, color: COLOR.text });
        y -= body.leading;
      }
      y -= 9;
    }
  }

  // Closing note in a tinted box.
  const noteLines = wrap(AVISO, fonts.italic, 9.5, TEXT_WIDTH - 28);
  const noteHeight = noteLines.length * 13.5 + 36;
  ensure(noteHeight + 10);
  y -= 6;
  page.drawRectangle({
    x: MARGIN.x,
    y: y - noteHeight + 14,
    width: TEXT_WIDTH,
    height: noteHeight,
    color: rgb(0.94, 0.98, 0.97),
    borderColor: COLOR.primaryLight,
    borderWidth: 1,
  });
  let noteY = y - 6;
  for (const line of noteLines) {
    page.drawText(line, { x: MARGIN.x + 14, y: noteY, size: 9.5, font: fonts.italic, color: COLOR.text });
    noteY -= 13.5;
  }
  page.drawText(RESPONSAVEL, { x: MARGIN.x + 14, y: noteY - 2, size: 9, font: fonts.bold, color: COLOR.primary });

  // Footer on every page: clinic and page number.
  pages.forEach((p, index) => {
    p.drawLine({
      start: { x: MARGIN.x, y: 52 },
      end: { x: PAGE.width - MARGIN.x, y: 52 },
      thickness: 0.6,
      color: COLOR.border,
    });
    p.drawText(CLINICA, { x: MARGIN.x, y: 36, size: 8.5, font: fonts.regular, color: COLOR.muted });
    const label = `Página ${index + 1} de ${pages.length}`;
    p.drawText(label, {
      x: PAGE.width - MARGIN.x - fonts.regular.widthOfTextAtSize(label, 8.5),
      y: 36,
      size: 8.5,
      font: fonts.regular,
      color: COLOR.muted,
    });
  });

  return { bytes: await doc.save(), pages: pages.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(OUT, { recursive: true });
  for (const file of readdirSync(SOURCES).filter((f) => f.endsWith('.md'))) {
    const slug = file.replace(/\.md$/, '');
    const article = parseArticle(readFileSync(path.join(SOURCES, file), 'utf8'));
    const { bytes, pages } = await buildPdf(article, slug);
    writeFileSync(path.join(OUT, `${slug}.pdf`), bytes);
    console.log(`${slug}.pdf: ${bytes.length} bytes, ${pages} página(s) — "${article.meta.titulo}"`);
  }
}
