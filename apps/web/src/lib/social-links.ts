import type { Empresa } from '@clinica/shared/schemas/empresa';
import { maskCpfCnpj } from '@clinica/shared/masks';

export type SocialNetwork = 'whatsapp' | 'instagram' | 'facebook' | 'youtube';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

const hasText = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Adds `https://` when a link lacks a scheme (docs/behaviour/site.md#footer). Only web links
 * are kept: another scheme (`javascript:`, `data:`, …) or a value that is not
 * a URL gives null, so company data can never put script in a link.
 */
export function withScheme(url: string): string | null {
  const value = url.trim();
  const hasScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value);
  const candidate = hasScheme ? value : `https://${value.replace(/^\/+/, '')}`;
  try {
    const { protocol } = new URL(candidate);
    return protocol === 'http:' || protocol === 'https:' ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * `https://wa.me/<digits>`; a Brazilian number without the country code
 * (10 or 11 digits) gets 55 in front. Already a link: kept (with a scheme).
 */
export function whatsappHref(value: string): string | null {
  const text = value.trim();
  if (/wa\.me|whatsapp\.com/i.test(text)) return withScheme(text);
  const digits = text.replace(/\D/g, '');
  if (digits.length < 8) return null;
  return `https://wa.me/${digits.length <= 11 ? `55${digits}` : digits}`;
}

/** An Instagram handle ('@clinica') becomes its profile address. */
function instagramHref(value: string): string | null {
  const text = value.trim();
  return text.startsWith('@') ? `https://instagram.com/${text.slice(1)}` : withScheme(text);
}

/**
 * The footer's social links, in order: WhatsApp, Instagram, Facebook, YouTube.
 * Empty values are skipped; YouTube is shown only when Facebook is present.
 */
export function socialLinks(empresa: Pick<Empresa, 'whatsapp' | 'instagram' | 'facebook' | 'youtube'>): SocialLink[] {
  const links: SocialLink[] = [];
  if (hasText(empresa.whatsapp)) {
    const href = whatsappHref(empresa.whatsapp);
    if (href) links.push({ network: 'whatsapp', label: 'WhatsApp', href });
  }
  const push = (network: SocialNetwork, label: string, href: string | null) => {
    if (href) links.push({ network, label, href });
  };
  if (hasText(empresa.instagram)) push('instagram', 'Instagram', instagramHref(empresa.instagram));
  if (hasText(empresa.facebook)) {
    push('facebook', 'Facebook', withScheme(empresa.facebook));
    if (hasText(empresa.youtube)) push('youtube', 'YouTube', withScheme(empresa.youtube));
  }
  return links;
}

/** The legal line: business name, CNPJ, street, number, district, city and UF. */
export function legalLines(empresa: Pick<Empresa, 'nome' | 'cnpj' | 'endereco'>): string[] {
  const lines = [[empresa.nome, empresa.cnpj && `CNPJ ${maskCpfCnpj(empresa.cnpj)}`].filter(Boolean).join(' · ')];
  const e = empresa.endereco;
  if (e) {
    const street = [e.logradouro, e.numero].filter(Boolean).join(', ');
    const place = [e.bairro, [e.municipio?.nome, e.uf?.sigla].filter(Boolean).join('/')].filter(Boolean).join(', ');
    lines.push([street, place].filter(Boolean).join(' – '));
  }
  return lines;
}
