import { formatPhone } from '@clinica/shared/masks';
import type { Empresa } from '@clinica/shared/schemas/empresa';
/*
 * The company data (GET /empresa/) and the link rules are shared with the
 * footer and the WhatsApp button (src/lib): one cache entry, one rule for links.
 */
import { useEmpresa } from '../../lib/empresa';
import { socialLinks, whatsappHref, type SocialLink } from '../../lib/social-links';

export { socialLinks, useEmpresa, whatsappHref, type SocialLink };

export type Endereco = NonNullable<Empresa['endereco']>;

/** 'Avenida Paulista, 1048 – Conjunto 1203'. */
export const streetLine = (e: Endereco) =>
  [[e.logradouro, e.numero].filter(Boolean).join(', '), e.complemento].filter(Boolean).join(' – ');

/** 'Bela Vista, São Paulo/SP'. */
export const cityLine = (e: Endereco) => `${e.bairro}, ${e.municipio.nome}/${e.uf.sigla}`;

/** 'CEP 01310-100'. */
export const cepLine = (e: Endereco) => `CEP ${e.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}`;

/** Google Maps search for the address (opens the map app or site; no key needed). */
export function mapsSearchUrl(e: Endereco): string {
  const query = `${e.logradouro}, ${e.numero} - ${e.bairro}, ${e.municipio.nome} - ${e.uf.sigla}, ${e.cep}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The embeddable map of the address (loaded only when the visitor asks for it). */
export function mapsEmbedUrl(e: Endereco): string {
  const query = `${e.logradouro}, ${e.numero} - ${e.bairro}, ${e.municipio.nome} - ${e.uf.sigla}, ${e.cep}`;
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}

/**
 * The clinic's phone from its WhatsApp value ('https://wa.me/5511987650000',
 * '(11) 98765-0000'): national digits, a readable form and a tel: link.
 * Null when the value holds no Brazilian number.
 */
export function clinicPhone(whatsapp: string | null | undefined) {
  if (!whatsapp) return null;
  let digits = whatsapp.replace(/\D/g, '');
  if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length !== 10 && digits.length !== 11) return null;
  return { digits, display: formatPhone(digits), tel: `tel:+55${digits}` };
}
