/**
 * Flat vector illustrations of the demo catalogue, drawn as SVG (media.ts
 * turns them into responsive WebP sizes with sharp): product photos (three
 * variants), home banners, course covers and author portraits. Product
 * pictures and banners carry no text; covers and portraits use a sans-serif
 * family list (fonts of the host).
 */
export type TipoIlustracao =
  | 'escova'
  | 'fio'
  | 'creme'
  | 'interdental'
  | 'enxaguante'
  | 'espelho'
  | 'sonda'
  | 'pinca'
  | 'curetas'
  | 'luva'
  | 'mascara'
  | 'sugador'
  | 'babador'
  | 'seringa'
  | 'kit-clareamento'
  | 'resina'
  | 'necessaire';

export interface Ilustracao {
  tipo: TipoIlustracao;
  /** Main colour of the object. */
  cor: string;
  /** Background gradient (light → slightly darker). */
  fundo: readonly [string, string];
}

export type MotivoCapa = 'rosto' | 'seringa' | 'dente' | 'raiz' | 'escudo';

const FONT = "Poppins, Inter, 'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

// ---------------------------------------------------------------------------
// colour helpers

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const n = parseInt(h.length === 3 ? h.replace(/(.)/g, '$1$1') : h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes `hex` with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const target = amount >= 0 ? 255 : 0;
  const t = Math.min(1, Math.abs(amount));
  const mix = (c: number) => Math.round(c + (target - c) * t);
  return `#${[mix(r), mix(g), mix(b)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// ---------------------------------------------------------------------------
// shared pieces

/** A stylised tooth centred on (0,0), about 70 × 62. */
const TOOTH_PATH =
  'M-20,-26 C-34,-26 -39,-10 -35,5 C-31,19 -28,34 -20,36 C-12,38 -10,20 0,18 C10,20 12,38 20,36 C28,34 31,19 35,5 C39,-10 34,-26 20,-26 C12,-26 8,-22 0,-22 C-8,-22 -12,-26 -20,-26 Z';

function tooth(x: number, y: number, scale: number, fill: string, extra = ''): string {
  return `<path d="${TOOTH_PATH}" transform="translate(${x} ${y}) scale(${scale})" fill="${fill}" ${extra}/>`;
}

function steelGradient(id: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f1f5f9"/><stop offset="0.45" stop-color="#cbd5e1"/>
    <stop offset="0.55" stop-color="#94a3b8"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>`;
}

function knurl(x1: number, x2: number, y: number, h: number): string {
  let out = '';
  for (let x = x1; x <= x2; x += 7)
    out += `<line x1="${x}" y1="${y}" x2="${x + 4}" y2="${y + h}" stroke="#64748b" stroke-opacity="0.45" stroke-width="1.5"/>`;
  return out;
}

// ---------------------------------------------------------------------------
// products, each drawn in a 400 × 400 box centred on (200, 200)

type Desenho = (cor: string) => string;

const DESENHOS: Record<TipoIlustracao, Desenho> = {
  escova: (cor) => {
    let cerdas = '';
    for (let i = 0; i < 7; i++) {
      const x = 300 + i * 10;
      cerdas += `<rect x="${x}" y="${150 + (i % 2) * 4}" width="7" height="${40 - (i % 2) * 4}" rx="3.5" fill="${i % 2 ? '#7dd3fc' : '#ffffff'}" stroke="#cbd5e1" stroke-width="1"/>`;
    }
    return `<g transform="rotate(-28 200 200)">
      <rect x="30" y="186" width="275" height="28" rx="14" fill="${cor}"/>
      <rect x="70" y="190" width="95" height="20" rx="10" fill="${shade(cor, -0.25)}" opacity="0.55"/>
      <rect x="40" y="191" width="240" height="5" rx="2.5" fill="#ffffff" opacity="0.35"/>
      <path d="M290,188 L305,192 L305,208 L290,212 Z" fill="${cor}"/>
      <rect x="295" y="188" width="85" height="24" rx="11" fill="${shade(cor, 0.15)}"/>
      ${cerdas}
    </g>`;
  },
  fio: (cor) => `
    <path d="M200,118 C235,90 265,70 330,52" fill="none" stroke="#ffffff" stroke-width="4"/>
    <path d="M200,118 C235,90 265,70 330,52" fill="none" stroke="#94a3b8" stroke-width="1" stroke-dasharray="4 6"/>
    <ellipse cx="200" cy="238" rx="112" ry="100" fill="${shade(cor, -0.2)}"/>
    <ellipse cx="200" cy="222" rx="112" ry="100" fill="${cor}"/>
    <ellipse cx="200" cy="222" rx="86" ry="76" fill="${shade(cor, 0.85)}"/>
    <path d="M120,165 A95,85 0 0 1 240,128" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.5"/>
    ${tooth(200, 224, 1.1, cor)}
    <rect x="186" y="114" width="28" height="14" rx="4" fill="#e2e8f0" stroke="#94a3b8"/>`,
  creme: (cor) => `<g transform="rotate(-14 200 200)">
      <path d="M62,140 L300,168 Q318,172 318,200 Q318,228 300,232 L62,260 Z" fill="#ffffff" stroke="#e2e8f0" stroke-width="2"/>
      <path d="M62,140 L300,168 Q318,172 318,186 L62,186 Z" fill="${cor}"/>
      <path d="M62,214 L318,214 Q318,228 300,232 L62,260 Z" fill="${cor}"/>
      <path d="M150,186 Q190,200 150,214 Z" fill="${shade(cor, 0.5)}"/>
      <rect x="40" y="134" width="26" height="132" rx="4" fill="${shade(cor, -0.2)}"/>
      ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<line x1="44" y1="${142 + i * 16}" x2="62" y2="${142 + i * 16}" stroke="#ffffff" stroke-opacity="0.45" stroke-width="2"/>`).join('')}
      <rect x="316" y="176" width="52" height="48" rx="8" fill="${shade(cor, -0.35)}"/>
      ${[0, 1, 2, 3].map((i) => `<line x1="${328 + i * 10}" y1="180" x2="${328 + i * 10}" y2="220" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"/>`).join('')}
      ${tooth(245, 200, 0.42, cor)}
    </g>`,
  interdental: (cor) => {
    let cerdas = '';
    for (let i = 0; i < 16; i++) {
      const x = 272 + i * 4;
      const len = 26 - i * 1.2;
      cerdas += `<line x1="${x}" y1="${200 - len}" x2="${x + 3}" y2="${200 + len}" stroke="${shade(cor, 0.3)}" stroke-width="2.2" stroke-linecap="round"/>`;
    }
    return `<g transform="rotate(-22 200 200)">
      <rect x="60" y="188" width="190" height="24" rx="12" fill="${cor}"/>
      <rect x="80" y="193" width="120" height="5" rx="2.5" fill="#ffffff" opacity="0.35"/>
      <path d="M245,192 L262,197 L262,203 L245,208 Z" fill="${shade(cor, -0.2)}"/>
      <line x1="260" y1="200" x2="345" y2="200" stroke="#94a3b8" stroke-width="3" stroke-linecap="round"/>
      ${cerdas}
      <rect x="80" y="250" width="150" height="26" rx="13" fill="${shade(cor, 0.7)}" opacity="0.8"/>
    </g>`;
  },
  enxaguante: (cor) => `
    <defs><linearGradient id="liq" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${shade(cor, -0.1)}"/><stop offset="0.5" stop-color="${shade(cor, 0.2)}"/><stop offset="1" stop-color="${shade(cor, -0.15)}"/></linearGradient></defs>
    <rect x="158" y="48" width="84" height="50" rx="10" fill="${shade(cor, -0.4)}"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="${168 + i * 13}" y1="52" x2="${168 + i * 13}" y2="94" stroke="#ffffff" stroke-opacity="0.2" stroke-width="4"/>`).join('')}
    <rect x="170" y="96" width="60" height="30" fill="${shade(cor, 0.55)}"/>
    <path d="M170,124 C130,140 122,160 122,190 L122,322 Q122,344 144,344 L256,344 Q278,344 278,322 L278,190 C278,160 270,140 230,124 Z" fill="url(#liq)" opacity="0.92"/>
    <path d="M140,180 L140,320" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.35"/>
    <rect x="142" y="198" width="116" height="106" rx="14" fill="#ffffff"/>
    ${tooth(200, 236, 0.62, cor)}
    <rect x="160" y="270" width="80" height="8" rx="4" fill="${shade(cor, 0.5)}"/>
    <rect x="172" y="284" width="56" height="6" rx="3" fill="${shade(cor, 0.7)}"/>`,
  espelho: () => `<defs>${steelGradient('aco')}
      <radialGradient id="vidro" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#dbeafe"/><stop offset="1" stop-color="#93c5fd"/></radialGradient></defs>
    <g transform="rotate(-30 200 200)">
      <rect x="30" y="191" width="235" height="18" rx="9" fill="url(#aco)"/>
      ${knurl(70, 190, 193, 14)}
      <path d="M262,196 L318,186 L320,192 L264,204 Z" fill="#94a3b8"/>
      <circle cx="346" cy="182" r="44" fill="#64748b"/>
      <circle cx="346" cy="182" r="38" fill="url(#vidro)"/>
      <path d="M322,170 A26,26 0 0 1 352,152" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.9"/>
    </g>`,
  sonda: () => `<defs>${steelGradient('aco')}</defs>
    <g transform="rotate(-24 200 200)">
      <rect x="95" y="190" width="210" height="20" rx="10" fill="url(#aco)"/>
      ${knurl(130, 270, 192, 16)}
      <path d="M97,200 L62,200 Q36,200 34,176 Q33,160 46,150" fill="none" stroke="#94a3b8" stroke-width="5" stroke-linecap="round"/>
      <path d="M303,200 L338,200 Q366,202 368,228 L364,250" fill="none" stroke="#94a3b8" stroke-width="5" stroke-linecap="round"/>
      <path d="M46,150 L52,142" stroke="#64748b" stroke-width="3" stroke-linecap="round"/>
      <path d="M364,250 L360,258" stroke="#64748b" stroke-width="3" stroke-linecap="round"/>
    </g>`,
  pinca: () => `<defs>${steelGradient('aco')}</defs>
    <g transform="rotate(-20 200 200)">
      <path d="M48,200 L300,176 L336,196" fill="none" stroke="#94a3b8" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
      <path d="M48,200 L300,224 L336,210" fill="none" stroke="#cbd5e1" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
      <circle cx="48" cy="200" r="14" fill="#64748b"/>
      ${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<line x1="${120 + i * 14}" y1="${190 - i * 1.3}" x2="${120 + i * 14}" y2="${180 - i * 1.3}" stroke="#64748b" stroke-opacity="0.5" stroke-width="2"/>`).join('')}
    </g>`,
  curetas: (cor) => {
    const grips = [cor, '#f59e0b', '#6366f1'];
    return `<defs>${steelGradient('aco')}</defs>${grips
      .map((g, i) => {
        const y = 130 + i * 70;
        return `<g transform="rotate(-12 200 ${y})">
          <rect x="90" y="${y - 11}" width="220" height="22" rx="11" fill="url(#aco)"/>
          <rect x="135" y="${y - 13}" width="130" height="26" rx="13" fill="${g}"/>
          ${[0, 1, 2, 3, 4, 5, 6, 7].map((k) => `<line x1="${145 + k * 15}" y1="${y - 11}" x2="${145 + k * 15}" y2="${y + 11}" stroke="#ffffff" stroke-opacity="0.3" stroke-width="3"/>`).join('')}
          <path d="M92,${y} L60,${y} Q42,${y} 42,${y - 16} Q42,${y - 26} 52,${y - 28}" fill="none" stroke="#94a3b8" stroke-width="5" stroke-linecap="round"/>
          <path d="M308,${y} L340,${y} Q358,${y} 358,${y + 16} Q358,${y + 26} 348,${y + 28}" fill="none" stroke="#94a3b8" stroke-width="5" stroke-linecap="round"/>
        </g>`;
      })
      .join('')}`;
  },
  luva: (cor) => {
    const escuro = shade(cor, -0.15);
    return `<g transform="rotate(-8 200 200)">
      <rect x="112" y="70" width="42" height="150" rx="21" fill="${cor}"/>
      <rect x="158" y="48" width="42" height="170" rx="21" fill="${cor}"/>
      <rect x="204" y="56" width="42" height="164" rx="21" fill="${cor}"/>
      <rect x="250" y="88" width="40" height="140" rx="20" fill="${cor}"/>
      <rect x="60" y="170" width="42" height="120" rx="21" fill="${cor}" transform="rotate(-38 81 230)"/>
      <rect x="110" y="160" width="182" height="160" rx="48" fill="${cor}"/>
      <rect x="126" y="300" width="152" height="52" rx="10" fill="${escuro}"/>
      <rect x="120" y="336" width="164" height="18" rx="9" fill="${shade(cor, -0.3)}"/>
      ${[125, 171, 217, 262].map((x) => `<rect x="${x + 8}" y="${x === 171 ? 62 : x === 217 ? 70 : x === 262 ? 100 : 84}" width="8" height="60" rx="4" fill="#ffffff" opacity="0.3"/>`).join('')}
      <path d="M150,250 Q200,270 250,250" fill="none" stroke="${escuro}" stroke-width="4" stroke-linecap="round" opacity="0.6"/>
    </g>`;
  },
  mascara: (cor) => `
    <path d="M88,170 C40,150 30,250 92,238" fill="none" stroke="#e2e8f0" stroke-width="7"/>
    <path d="M312,170 C360,150 370,250 308,238" fill="none" stroke="#e2e8f0" stroke-width="7"/>
    <path d="M92,140 Q200,118 308,140 L316,262 Q200,292 84,262 Z" fill="${cor}"/>
    <path d="M92,140 Q200,118 308,140 L309,156 Q200,134 91,156 Z" fill="${shade(cor, 0.35)}"/>
    ${[0, 1, 2].map((i) => `<path d="M88,${184 + i * 28} Q200,${166 + i * 30} 312,${184 + i * 28}" fill="none" stroke="${shade(cor, -0.2)}" stroke-width="4" opacity="0.7"/>`).join('')}
    <rect x="160" y="128" width="80" height="7" rx="3.5" fill="#e2e8f0"/>
    <path d="M100,250 Q200,276 300,250" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.4"/>`,
  sugador: (cor) => `
    <path d="M150,340 L150,175 Q150,95 228,95 Q300,95 305,160" fill="none" stroke="${cor}" stroke-width="26" stroke-linecap="round" opacity="0.9"/>
    <path d="M150,340 L150,175 Q150,95 228,95 Q300,95 305,160" fill="none" stroke="#ffffff" stroke-width="3" stroke-dasharray="8 10" opacity="0.8"/>
    <path d="M142,330 L142,180" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.35"/>
    <rect x="284" y="150" width="42" height="46" rx="12" fill="${shade(cor, -0.3)}"/>
    <circle cx="305" cy="196" r="6" fill="${shade(cor, 0.6)}"/>`,
  babador: (cor) => `
    <rect x="92" y="96" width="216" height="240" rx="10" fill="#ffffff" stroke="#e2e8f0" stroke-width="2"/>
    <rect x="92" y="96" width="216" height="30" rx="10" fill="${cor}"/>
    <rect x="92" y="306" width="216" height="30" rx="10" fill="${cor}"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<line x1="104" y1="${146 + i * 22}" x2="296" y2="${146 + i * 22}" stroke="${shade(cor, 0.75)}" stroke-width="3"/>`).join('')}
    ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => `<circle cx="${100 + i * 20}" cy="${70 + Math.sin(i / 1.6) * 6}" r="6" fill="none" stroke="#94a3b8" stroke-width="3"/>`).join('')}
    <rect x="86" y="78" width="22" height="30" rx="5" fill="#64748b"/>
    <rect x="292" y="78" width="22" height="30" rx="5" fill="#64748b"/>`,
  seringa: (cor) => `<g transform="rotate(-20 200 200)">
      <rect x="26" y="176" width="14" height="48" rx="5" fill="#cbd5e1"/>
      <rect x="38" y="193" width="80" height="14" rx="4" fill="#e2e8f0"/>
      <rect x="108" y="160" width="12" height="80" rx="5" fill="#e2e8f0" stroke="#cbd5e1"/>
      <rect x="118" y="178" width="184" height="44" rx="8" fill="#ffffff" fill-opacity="0.85" stroke="#cbd5e1" stroke-width="2"/>
      <rect x="150" y="183" width="150" height="34" rx="5" fill="${cor}" opacity="0.85"/>
      <rect x="122" y="183" width="28" height="34" rx="4" fill="#94a3b8"/>
      ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<line x1="${165 + i * 17}" y1="178" x2="${165 + i * 17}" y2="${i % 2 ? 188 : 194}" stroke="#475569" stroke-width="2"/>`).join('')}
      <path d="M300,186 L330,194 L366,198 L366,202 L330,206 L300,214 Z" fill="${shade(cor, -0.3)}"/>
      <rect x="160" y="188" width="120" height="6" rx="3" fill="#ffffff" opacity="0.35"/>
    </g>`,
  'kit-clareamento': (cor) => {
    const dentes = [-60, -38, -16, 6, 28, 50]
      .map((a) => {
        const ang = (a * Math.PI) / 130;
        const x = 200 + Math.sin(ang) * 100;
        const y = 175 + (1 - Math.cos(ang)) * 90;
        return `<rect x="${x - 10}" y="${y - 12}" width="20" height="24" rx="8" fill="${shade(cor, 0.88)}" stroke="${shade(cor, 0.5)}" stroke-width="2"/>`;
      })
      .join('');
    const seringa = `<rect x="38" y="193" width="80" height="14" rx="4" fill="#e2e8f0"/><rect x="108" y="160" width="12" height="80" rx="5" fill="#e2e8f0"/><rect x="118" y="178" width="184" height="44" rx="8" fill="#ffffff" stroke="#cbd5e1" stroke-width="3"/><rect x="150" y="183" width="150" height="34" rx="5" fill="${cor}" opacity="0.85"/><path d="M300,186 L330,194 L366,198 L366,202 L330,206 L300,214 Z" fill="${shade(cor, -0.3)}"/>`;
    return `
    <path d="M96,276 C92,120 308,120 304,276" fill="none" stroke="${shade(cor, 0.75)}" stroke-width="58" stroke-linecap="round"/>
    <path d="M96,276 C92,120 308,120 304,276" fill="none" stroke="#ffffff" stroke-width="40" stroke-linecap="round" opacity="0.85"/>
    ${dentes}
    <g transform="translate(230 250) rotate(-35) scale(0.45) translate(-200 -200)">${seringa}</g>
    <g transform="translate(268 300) rotate(-35) scale(0.45) translate(-200 -200)">${seringa}</g>`;
  },
  resina: (cor) => `<g transform="rotate(-24 200 200)">
      <rect x="46" y="174" width="40" height="52" rx="8" fill="#475569"/>
      ${[0, 1, 2, 3].map((i) => `<line x1="${54 + i * 9}" y1="176" x2="${54 + i * 9}" y2="224" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"/>`).join('')}
      <rect x="84" y="184" width="30" height="32" rx="4" fill="#64748b"/>
      <rect x="112" y="178" width="190" height="44" rx="10" fill="#e2e8f0" stroke="#cbd5e1" stroke-width="2"/>
      <rect x="150" y="178" width="100" height="44" fill="${cor}"/>
      ${tooth(200, 200, 0.38, '#ffffff')}
      <rect x="300" y="184" width="44" height="32" rx="6" fill="${shade(cor, -0.35)}"/>
      <path d="M344,190 L368,196 L368,204 L344,210 Z" fill="${shade(cor, -0.45)}"/>
      <rect x="118" y="184" width="170" height="6" rx="3" fill="#ffffff" opacity="0.4"/>
    </g>`,
  necessaire: (cor) => `
    <path d="M92,140 Q200,122 308,140 L330,310 Q332,330 312,332 L88,332 Q68,330 70,310 Z" fill="${cor}"/>
    <path d="M92,140 Q200,122 308,140 L312,166 Q200,148 88,166 Z" fill="${shade(cor, -0.2)}"/>
    <path d="M96,152 Q200,136 304,152" fill="none" stroke="#e2e8f0" stroke-width="4" stroke-dasharray="6 4"/>
    <rect x="286" y="140" width="14" height="34" rx="5" fill="#e2e8f0" transform="rotate(10 293 157)"/>
    <circle cx="296" cy="174" r="6" fill="none" stroke="#e2e8f0" stroke-width="3"/>
    ${tooth(200, 242, 1.2, '#ffffff')}
    <path d="M100,300 Q200,318 300,300" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.3"/>`,
};

/** A package box with the clinic's tooth mark, drawn in the 400 box. */
function caixa(cor: string): string {
  return `<g>
    <path d="M60,150 L230,150 L290,110 L120,110 Z" fill="${shade(cor, 0.55)}"/>
    <path d="M230,150 L290,110 L290,300 L230,340 Z" fill="${shade(cor, -0.25)}"/>
    <rect x="60" y="150" width="170" height="190" fill="${shade(cor, 0.1)}"/>
    <rect x="60" y="280" width="170" height="26" fill="#ffffff" opacity="0.9"/>
    ${tooth(145, 215, 0.9, '#ffffff')}
    <rect x="84" y="288" width="120" height="10" rx="5" fill="${shade(cor, 0.3)}"/>
  </g>`;
}

function fundo(il: Ilustracao, w: number, h: number, variante: number): string {
  const [a, b] = il.fundo;
  const pontos =
    variante === 1
      ? Array.from({ length: 12 * 12 }, (_, i) => {
          const x = (i % 12) * (w / 12) + w / 24;
          const y = Math.floor(i / 12) * (h / 12) + h / 24;
          return `<circle cx="${x}" cy="${y}" r="${w / 220}" fill="${il.cor}" opacity="0.10"/>`;
        }).join('')
      : '';
  return `<defs>
      <linearGradient id="bg" x1="0" y1="0" x2="${variante === 1 ? 0 : 1}" y2="1">
        <stop offset="0" stop-color="${variante === 1 ? b : a}"/><stop offset="1" stop-color="${variante === 1 ? a : b}"/></linearGradient>
      <filter id="sombra" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${w / 80}"/></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    ${pontos}
    <circle cx="${w * (variante === 2 ? 0.62 : 0.5)}" cy="${h * 0.48}" r="${Math.min(w, h) * 0.36}" fill="#ffffff" opacity="0.55"/>
    <circle cx="${w * 0.86}" cy="${h * 0.14}" r="${Math.min(w, h) * 0.06}" fill="${il.cor}" opacity="0.12"/>
    <circle cx="${w * 0.12}" cy="${h * 0.84}" r="${Math.min(w, h) * 0.09}" fill="${il.cor}" opacity="0.08"/>`;
}

/** Product picture `variante` 0 (front), 1 (close-up on dots) or 2 (with its box), square. */
export function produtoSvg(il: Ilustracao, variante: 0 | 1 | 2, size = 800): string {
  const desenho = DESENHOS[il.tipo](il.cor);
  const s = size / 800;
  let corpo: string;
  if (variante === 0) {
    corpo = `<g transform="translate(${size / 2} ${size * 0.5}) scale(${1.9 * s}) translate(-200 -200)">${desenho}</g>`;
  } else if (variante === 1) {
    corpo = `<g transform="translate(${size / 2} ${size * 0.5}) rotate(12) scale(${2.25 * s}) translate(-200 -200)">${desenho}</g>`;
  } else {
    corpo = `<g transform="translate(${size * 0.3} ${size * 0.46}) scale(${1.7 * s}) translate(-200 -200)">${caixa(il.cor)}</g>
      <g transform="translate(${size * 0.6} ${size * 0.56}) scale(${1.75 * s}) translate(-200 -200)">${desenho}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    ${fundo(il, size, size, variante)}
    <ellipse cx="${size * 0.52}" cy="${size * 0.86}" rx="${size * 0.3}" ry="${size * 0.035}" fill="#0f172a" opacity="0.10" filter="url(#sombra)"/>
    ${corpo}
  </svg>`;
}

/** 1600 × 600 home banner of a physical product (text is laid over it by the page). */
export function bannerProdutoSvg(il: Ilustracao, w = 1600, h = 600): string {
  const desenho = DESENHOS[il.tipo](il.cor);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="${il.fundo[0]}"/><stop offset="1" stop-color="${il.fundo[1]}"/></linearGradient>
      <filter id="sombra" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    <circle cx="${w * 0.72}" cy="${h * 0.5}" r="${h * 0.46}" fill="#ffffff" opacity="0.6"/>
    <circle cx="${w * 0.94}" cy="${h * 0.12}" r="${h * 0.1}" fill="${il.cor}" opacity="0.12"/>
    <circle cx="${w * 0.55}" cy="${h * 0.9}" r="${h * 0.07}" fill="${il.cor}" opacity="0.12"/>
    <path d="M0,${h * 0.82} C${w * 0.2},${h * 0.7} ${w * 0.35},${h * 0.95} ${w * 0.55},${h * 0.86} C${w * 0.75},${h * 0.78} ${w * 0.9},${h * 0.92} ${w},${h * 0.88} L${w},${h} L0,${h} Z" fill="${il.cor}" opacity="0.07"/>
    <ellipse cx="${w * 0.72}" cy="${h * 0.88}" rx="${h * 0.34}" ry="${h * 0.03}" fill="#0f172a" opacity="0.12" filter="url(#sombra)"/>
    <g transform="translate(${w * 0.72} ${h * 0.5}) scale(${(h / 400) * 1.05}) translate(-200 -200)">${desenho}</g>
  </svg>`;
}

// ---------------------------------------------------------------------------
// courses

function motivo(m: MotivoCapa): string {
  const branco = 'fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"';
  switch (m) {
    case 'rosto':
      return `<ellipse cx="200" cy="200" rx="112" ry="150" ${branco}/>
        <line x1="200" y1="30" x2="200" y2="370" stroke="#ffffff" stroke-width="3" stroke-dasharray="10 10"/>
        <line x1="60" y1="150" x2="340" y2="150" stroke="#ffffff" stroke-width="3" stroke-dasharray="10 10"/>
        <line x1="60" y1="250" x2="340" y2="250" stroke="#ffffff" stroke-width="3" stroke-dasharray="10 10"/>
        <path d="M150,190 Q165,180 180,190 M220,190 Q235,180 250,190" ${branco}/>
        <path d="M165,290 Q200,312 235,290" ${branco}/>
        <circle cx="120" cy="250" r="9" fill="#ffffff"/><circle cx="280" cy="250" r="9" fill="#ffffff"/>`;
    case 'seringa':
      return `<g transform="rotate(-35 200 200)">
        <rect x="40" y="176" width="14" height="48" rx="5" fill="#ffffff"/>
        <rect x="52" y="194" width="70" height="12" rx="4" fill="#ffffff"/>
        <rect x="120" y="158" width="12" height="84" rx="5" fill="#ffffff"/>
        <rect x="132" y="172" width="170" height="56" rx="10" ${branco}/>
        ${[0, 1, 2, 3, 4].map((i) => `<line x1="${160 + i * 28}" y1="172" x2="${160 + i * 28}" y2="192" stroke="#ffffff" stroke-width="5"/>`).join('')}
        <path d="M302,188 L330,196 L380,199 L380,201 L330,204 L302,212" ${branco}/></g>`;
    case 'dente':
      return `<path d="${TOOTH_PATH}" transform="translate(200 200) scale(3.6)" fill="none" stroke="#ffffff" stroke-width="2.2" stroke-linejoin="round"/>
        <path d="M140,150 Q150,120 180,118" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`;
    case 'raiz':
      return `<path d="M120,70 C80,70 70,120 80,160 C88,190 104,210 110,250 C116,300 120,350 145,350 C168,350 170,280 186,250 C192,240 208,240 214,250 C230,280 232,350 255,350 C280,350 284,300 290,250 C296,210 312,190 320,160 C330,120 320,70 280,70 C250,70 235,84 200,84 C165,84 150,70 120,70 Z" ${branco}/>
        <path d="M150,180 C150,240 140,290 146,330 M250,180 C250,240 260,290 254,330" fill="none" stroke="#ffffff" stroke-width="5" stroke-dasharray="12 8" stroke-linecap="round"/>`;
    case 'escudo':
      return `<path d="M200,40 L330,90 L330,190 C330,280 270,340 200,365 C130,340 70,280 70,190 L70,90 Z" ${branco}/>
        <path d="${TOOTH_PATH}" transform="translate(200 190) scale(1.9)" fill="#ffffff" opacity="0.9"/>
        <path d="M150,290 L185,320 L255,255" ${branco}/>`;
  }
}

function quebrarLinhas(texto: string, max: number): string[] {
  const linhas: string[] = [];
  let atual = '';
  for (const palavra of texto.split(/\s+/)) {
    if (!atual) atual = palavra;
    else if ((atual + ' ' + palavra).length <= max) atual += ' ' + palavra;
    else {
      linhas.push(atual);
      atual = palavra;
    }
  }
  if (atual) linhas.push(atual);
  return linhas;
}

export interface CapaCurso {
  nome: string;
  duracao: string;
  cores: readonly [string, string];
  motivo: MotivoCapa;
}

/** Square course cover: variant 0 the title card, variant 1 a lesson preview with a play button. */
export function capaCursoSvg(c: CapaCurso, variante: 0 | 1, size = 800): string {
  const [escura, clara] = c.cores;
  const linhas = quebrarLinhas(c.nome, 19).slice(0, 4);
  const fs = linhas.length > 3 ? 50 : 56;
  const titulo = linhas
    .map(
      (l, i) =>
        `<text x="64" y="${236 + i * (fs + 14)}" font-family="${FONT}" font-size="${fs}" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  const comum = `<defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${escura}"/><stop offset="1" stop-color="${clara}"/></linearGradient>
    </defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <circle cx="690" cy="120" r="220" fill="#ffffff" opacity="0.07"/>
    <circle cx="120" cy="760" r="160" fill="#000000" opacity="0.06"/>`;
  const corpo =
    variante === 0
      ? `${comum}
    <g transform="translate(560 570) scale(0.95) translate(-200 -200)" opacity="0.28">${motivo(c.motivo)}</g>
    <rect x="64" y="96" width="276" height="52" rx="26" fill="#ffffff" opacity="0.18"/>
    <text x="202" y="131" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="700" letter-spacing="3" fill="#ffffff">CURSO ONLINE</text>
    ${titulo}
    <line x1="64" y1="660" x2="736" y2="660" stroke="#ffffff" stroke-opacity="0.3" stroke-width="2"/>
    <text x="64" y="716" font-family="${FONT}" font-size="28" fill="#ffffff" opacity="0.92">${escapeXml(`Carga horária: ${c.duracao}`)}</text>
    <g transform="translate(700 704)">${`<path d="${TOOTH_PATH}" transform="scale(0.55)" fill="#ffffff" opacity="0.9"/>`}</g>`
      : `${comum}
    <g transform="translate(400 400) scale(1.25) translate(-200 -200)" opacity="0.2">${motivo(c.motivo)}</g>
    <rect x="80" y="120" width="640" height="400" rx="28" fill="#0f172a" opacity="0.35"/>
    <circle cx="400" cy="320" r="78" fill="#ffffff" opacity="0.95"/>
    <path d="M378,278 L378,362 L450,320 Z" fill="${escura}"/>
    <rect x="120" y="470" width="560" height="10" rx="5" fill="#ffffff" opacity="0.35"/>
    <rect x="120" y="470" width="190" height="10" rx="5" fill="#ffffff"/>
    ${quebrarLinhas(c.nome, 28)
      .slice(0, 2)
      .map(
        (l, i) =>
          `<text x="80" y="${600 + i * 46}" font-family="${FONT}" font-size="38" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`,
      )
      .join('')}
    <text x="80" y="720" font-family="${FONT}" font-size="28" fill="#ffffff" opacity="0.9">Aulas em vídeo e apostila em PDF</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">${corpo}</svg>`;
}

/** 1600 × 600 home banner of a course. */
export function bannerCursoSvg(c: CapaCurso, w = 1600, h = 600): string {
  const [escura, clara] = c.cores;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1600 600">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${escura}"/><stop offset="1" stop-color="${clara}"/></linearGradient></defs>
    <rect width="1600" height="600" fill="url(#bg)"/>
    <circle cx="1180" cy="300" r="270" fill="#ffffff" opacity="0.10"/>
    <circle cx="1480" cy="70" r="120" fill="#ffffff" opacity="0.07"/>
    <circle cx="300" cy="640" r="220" fill="#000000" opacity="0.06"/>
    <g transform="translate(1180 300) scale(1.25) translate(-200 -200)" opacity="0.85">${motivo(c.motivo)}</g>
  </svg>`;
}

/** Initials of a person's name, skipping titles (Dr., Dra.). */
export function iniciais(nome: string): string {
  const palavras = nome.split(/\s+/).filter((p) => p && !/^(dr|dra|prof|profa)\.?$/i.test(p));
  return palavras
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

/** Square author portrait: initials on a gradient (the page may crop it to a circle). */
export function avatarSvg(nome: string, cor: string, size = 400): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(cor, 0.15)}"/><stop offset="1" stop-color="${shade(cor, -0.3)}"/></linearGradient></defs>
    <rect width="400" height="400" fill="url(#bg)"/>
    <circle cx="330" cy="70" r="110" fill="#ffffff" opacity="0.08"/>
    <path d="M70,400 C80,310 140,280 200,280 C260,280 320,310 330,400 Z" fill="#ffffff" opacity="0.12"/>
    <text x="200" y="236" text-anchor="middle" font-family="${FONT}" font-size="150" font-weight="700" fill="#ffffff">${escapeXml(iniciais(nome))}</text>
  </svg>`;
}
