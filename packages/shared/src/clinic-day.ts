/**
 * The clinic's day: the one definition of the store's calendar (America/Sao_Paulo) for the API and the web. An
 * order's date and the date filters of the order lists, the dashboard's days, a review's date, a certificate's date,
 * the card expiry month and the offset Mercado Pago is sent all read it here.
 *
 * Everything is computed from the time zone's rules as the runtime knows them (the IANA data of Node's and the
 * browser's Intl), never from a fixed -03:00: Brazil kept daylight saving time until February 2019, and should it come
 * back, an update of that data is all it takes. The database's own conversions (`AT TIME ZONE`) name the same zone.
 */

/** The clinic's time zone (IANA). */
export const FUSO_CLINICA = 'America/Sao_Paulo';

const HORA_MS = 3_600_000;
const DIA_MS = 24 * HORA_MS;
/** 1914-01-01T00:00:00Z: since then the zone's offset is a whole number of hours, changed on an hour boundary. */
const HORAS_INTEIRAS_DESDE = Date.UTC(1914, 0, 1);
const DIA_REGEX = /^\d{4}-\d{2}-\d{2}$/;

let partesFormat: Intl.DateTimeFormat | undefined;
/** One formatter for every reading (made on first use: nothing runs when a page merely imports this module). */
function formatador(): Intl.DateTimeFormat {
  partesFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: FUSO_CLINICA,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return partesFormat;
}

interface Parede {
  ano: number;
  mes: number;
  dia: number;
  hora: number;
  minuto: number;
  segundo: number;
}

/** The wall clock in the clinic at an instant (milliseconds since the epoch). */
function parede(ms: number): Parede {
  const p: Record<string, number> = {};
  for (const part of formatador().formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { ano: p.year!, mes: p.month!, dia: p.day!, hora: p.hour!, minuto: p.minute!, segundo: p.second! };
}

const doisDigitos = (n: number) => String(n).padStart(2, '0');
const textoDoDia = (ano: number, mes: number, dia: number) =>
  `${String(ano).padStart(4, '0')}-${doisDigitos(mes)}-${doisDigitos(dia)}`;

/** Calendar days already worked out, by UTC hour (bounded: emptied when full). */
const diasPorHora = /* @__PURE__ */ new Map<number, [number, number, number]>();
const MAX_HORAS_MEMORIZADAS = 16_384;

/**
 * [year, month, day] of an instant in the clinic (a review's createAt, the orders' dates). Intl's formatToParts
 * costs a few microseconds per call and a page lists dozens of dates, so the answer is kept per UTC hour: since 1914
 * the zone's offset is a whole number of hours, changed on an hour boundary, so every instant of one UTC hour falls on
 * the same local day (earlier instants are worked out each time). The result is a fresh array each call.
 */
export function diaDe(instante: Date): [number, number, number] {
  const ms = instante.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Data inválida');
  const hora = Math.floor(ms / HORA_MS);
  let dia = ms >= HORAS_INTEIRAS_DESDE ? diasPorHora.get(hora) : undefined;
  if (!dia) {
    const p = parede(ms);
    dia = [p.ano, p.mes, p.dia];
    if (ms >= HORAS_INTEIRAS_DESDE) {
      if (diasPorHora.size >= MAX_HORAS_MEMORIZADAS) diasPorHora.clear();
      diasPorHora.set(hora, dia);
    }
  }
  return [dia[0], dia[1], dia[2]];
}

/** The calendar day ('YYYY-MM-DD') of an instant in the clinic. */
export function diaNaClinica(instante: Date): string {
  const [ano, mes, dia] = diaDe(instante);
  return textoDoDia(ano, mes, dia);
}

/** Today in the clinic ('YYYY-MM-DD'), as the API's date filters and the dashboard count days. */
export const hojeNaClinica = (agora: Date = new Date()): string => diaNaClinica(agora);

/** `dia` ('YYYY-MM-DD') plus `n` calendar days. */
export const somarDias = (dia: string, n: number): string =>
  new Date(Date.parse(`${dia}T00:00:00Z`) + n * DIA_MS).toISOString().slice(0, 10);

/** Days from `inicio` to `fim`, both included (1 for one day). */
export const diasNoPeriodo = (inicio: string, fim: string): number =>
  Math.round((Date.parse(`${fim}T00:00:00Z`) - Date.parse(`${inicio}T00:00:00Z`)) / DIA_MS) + 1;

/** The clinic's offset from UTC at an instant, in milliseconds (−3 h today; −2 h in the old summers). */
export function deslocamentoMs(instante: Date): number {
  const ms = instante.getTime();
  const p = parede(ms);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  const local = new Date(0);
  local.setUTCFullYear(p.ano, p.mes - 1, p.dia);
  local.setUTCHours(p.hora, p.minuto, p.segundo);
  return local.getTime() - Math.floor(ms / 1000) * 1000;
}

/** The clinic's calendar day of an instant as a number that orders like the days (year × 10000 + month × 100 + day). */
const chaveDoDia = (ms: number) => {
  const p = parede(ms);
  return p.ano * 10_000 + p.mes * 100 + p.dia;
};

/** Midnight UTC of `dia` ('YYYY-MM-DD'); a `dia` that is no calendar day is a RangeError. */
function meiaNoiteUtc(dia: string): number {
  const ms = DIA_REGEX.test(dia) ? Date.parse(`${dia}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== dia) throw new RangeError(`Dia inválido: ${dia}`);
  return ms;
}

/** The first instant of the clinic's calendar day whose date is that of `meiaNoite` (midnight UTC of it). */
function inicioNaClinica(meiaNoite: number): Date {
  const data = new Date(meiaNoite);
  const alvo = data.getUTCFullYear() * 10_000 + (data.getUTCMonth() + 1) * 100 + data.getUTCDate();
  const comeca = (ms: number) => chaveDoDia(ms) === alvo && chaveDoDia(ms - 1) < alvo;
  // Midnight at the offset of the instants around it: right for every day but a few odd historical ones.
  const primeira = meiaNoite - deslocamentoMs(new Date(meiaNoite));
  const segunda = meiaNoite - deslocamentoMs(new Date(primeira));
  for (const ms of primeira <= segunda ? [primeira, segunda] : [segunda, primeira]) {
    if (comeca(ms)) return new Date(ms);
  }
  // Otherwise the first instant whose day is not before it: the local day never goes back as time goes on.
  let antes = meiaNoite - 36 * HORA_MS;
  let depois = meiaNoite + 36 * HORA_MS;
  while (depois - antes > 1) {
    const meio = Math.floor((antes + depois) / 2);
    if (chaveDoDia(meio) < alvo) antes = meio;
    else depois = meio;
  }
  return new Date(depois);
}

/**
 * The instant the clinic's calendar day `dia` ('YYYY-MM-DD') starts: its first instant, which is not always 00:00
 * (when daylight saving time began at midnight, the day started at 01:00). A `dia` that is no calendar day is a
 * RangeError.
 */
export const inicioDoDia = (dia: string): Date => inicioNaClinica(meiaNoiteUtc(dia));

/** The instant the calendar day after `dia` starts (the exclusive end of `dia`; 23, 24 or 25 hours after its start). */
export const inicioDoDiaSeguinte = (dia: string): Date => inicioNaClinica(meiaNoiteUtc(dia) + DIA_MS);

/**
 * An instant as ISO 8601 in the clinic's wall time with its offset and milliseconds ('2025-03-10T12:00:00.000-03:00'),
 * the form Mercado Pago documents for its dates (yyyy-MM-dd'T'HH:mm:ss.SSSZ).
 */
export function isoNaClinica(instante: Date): string {
  const offset = deslocamentoMs(instante);
  const local = new Date(instante.getTime() + offset).toISOString().slice(0, -1);
  const minutos = Math.floor(Math.abs(offset) / 60_000);
  return `${local}${offset < 0 ? '-' : '+'}${doisDigitos(Math.floor(minutos / 60))}:${doisDigitos(minutos % 60)}`;
}
