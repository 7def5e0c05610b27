import type { ReactNode } from 'react';

/**
 * The 'Formas de pagamento' strip (docs/behaviour/site.md#footer): small card-shaped marks
 * drawn here, so the page makes no third-party request.
 */
const W = 52;
const H = 34;
const FONT = 'Arial, Helvetica, sans-serif';

function Card({ label, bg, border, children }: { label: string; bg: string; border?: string; children: ReactNode }) {
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <title>{label}</title>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="5" fill={bg} stroke={border ?? bg} />
      {children}
    </svg>
  );
}

const AmexLogo = () => (
  <Card label="American Express" bg="#1f72cd">
    <text
      x="26"
      y="21"
      textAnchor="middle"
      fontFamily={FONT}
      fontSize="11"
      fontWeight="700"
      fill="#fff"
      letterSpacing="0.5"
    >
      AMEX
    </text>
  </Card>
);

const EloLogo = () => (
  <Card label="Elo" bg="#111">
    <circle cx="12" cy="11" r="3" fill="#ffcb05" />
    <circle cx="12" cy="17" r="3" fill="#00a4e0" />
    <circle cx="12" cy="23" r="3" fill="#ef4123" />
    <text x="32" y="22" textAnchor="middle" fontFamily={FONT} fontSize="13" fontWeight="700" fill="#fff">
      elo
    </text>
  </Card>
);

const HipercardLogo = () => (
  <Card label="Hipercard" bg="#b3131b">
    <text
      x="26"
      y="20.5"
      textAnchor="middle"
      fontFamily={FONT}
      fontSize="8.6"
      fontWeight="700"
      fontStyle="italic"
      fill="#fff"
    >
      Hipercard
    </text>
  </Card>
);

const MastercardLogo = () => (
  <Card label="Mastercard" bg="#fff" border="#d8e1e4">
    <circle cx="21" cy="17" r="8.5" fill="#eb001b" />
    <circle cx="31" cy="17" r="8.5" fill="#f79e1b" />
    <path d="M26 10.1a8.5 8.5 0 0 1 0 13.8 8.5 8.5 0 0 1 0-13.8Z" fill="#ff5f00" />
  </Card>
);

const VisaLogo = () => (
  <Card label="Visa" bg="#fff" border="#d8e1e4">
    <text
      x="26"
      y="22"
      textAnchor="middle"
      fontFamily={FONT}
      fontSize="14"
      fontWeight="800"
      fontStyle="italic"
      fill="#1a1f71"
      letterSpacing="0.5"
    >
      VISA
    </text>
  </Card>
);

const PixLogo = () => (
  <Card label="PIX" bg="#fff" border="#d8e1e4">
    <g transform="translate(15 17) rotate(45)" fill="#32bcad">
      <rect x="-6.5" y="-6.5" width="5.6" height="5.6" rx="1.4" />
      <rect x="0.9" y="-6.5" width="5.6" height="5.6" rx="1.4" />
      <rect x="-6.5" y="0.9" width="5.6" height="5.6" rx="1.4" />
      <rect x="0.9" y="0.9" width="5.6" height="5.6" rx="1.4" />
    </g>
    <text x="35" y="21.5" textAnchor="middle" fontFamily={FONT} fontSize="12" fontWeight="700" fill="#32bcad">
      pix
    </text>
  </Card>
);

/** Order of the strip. */
export const PAYMENT_LOGOS = [AmexLogo, EloLogo, HipercardLogo, MastercardLogo, VisaLogo, PixLogo] as const;
