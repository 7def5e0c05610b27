/**
 * A small RFC 4180 CSV parser: comma separator, double-quoted fields with
 * "" escapes and embedded commas or line breaks, CRLF or LF line ends, an
 * optional byte-order mark. Blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') endRow();
    else if (ch === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (quoted) throw new Error('CSV inválido: aspas não fechadas.');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Rows as objects keyed by the (trimmed) header line. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const keys = header.map((h) => h.trim());
  return rows.map((cells, line) => {
    if (cells.length !== keys.length) {
      throw new Error(`CSV inválido: a linha ${line + 2} tem ${cells.length} campos, esperados ${keys.length}.`);
    }
    return Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? '']));
  });
}
