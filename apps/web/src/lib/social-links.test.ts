import { describe, expect, it } from 'vitest';
import { EMPRESA_FIXTURE } from '../test/empresa-fixture';
import { legalLines, socialLinks, whatsappHref, withScheme } from './social-links';

const none = { whatsapp: null, instagram: null, facebook: null, youtube: null };

describe('footer links', () => {
  it('adds https:// when a link lacks a scheme and keeps existing schemes', () => {
    expect(withScheme('instagram.com/clinica')).toBe('https://instagram.com/clinica');
    expect(withScheme('//facebook.com/clinica')).toBe('https://facebook.com/clinica');
    expect(withScheme('http://youtube.com/@clinica')).toBe('http://youtube.com/@clinica');
    expect(withScheme('https://x.com')).toBe('https://x.com');
  });

  it('keeps only web links: other schemes and non-URLs are dropped', () => {
    expect(withScheme('javascript://alert(1)')).toBeNull();
    expect(withScheme('JavaScript:alert(1)')).toBeNull();
    expect(withScheme('data:text/html,<script>x</script>')).toBeNull();
    expect(withScheme('ftp://files.example.com')).toBeNull();
    expect(withScheme('http://exa mple.com')).toBeNull();
    expect(
      socialLinks({ whatsapp: null, instagram: 'javascript:alert(1)', facebook: 'facebook.com/c', youtube: 'data:x' }),
    ).toEqual([{ network: 'facebook', label: 'Facebook', href: 'https://facebook.com/c' }]);
  });

  it('builds wa.me links from any phone format', () => {
    expect(whatsappHref('(11) 9 8765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsappHref('+55 11 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsappHref('wa.me/5511987654321')).toBe('https://wa.me/5511987654321');
    expect(whatsappHref('123')).toBeNull();
  });

  it('lists the networks in order with https:// added', () => {
    const links = socialLinks({
      whatsapp: '11987654321',
      instagram: 'instagram.com/sorrisopleno',
      facebook: 'facebook.com/sorrisopleno',
      youtube: 'youtube.com/@sorrisopleno',
    });
    expect(links.map((l) => [l.network, l.href])).toEqual([
      ['whatsapp', 'https://wa.me/5511987654321'],
      ['instagram', 'https://instagram.com/sorrisopleno'],
      ['facebook', 'https://facebook.com/sorrisopleno'],
      ['youtube', 'https://youtube.com/@sorrisopleno'],
    ]);
  });

  it('hides YouTube when Facebook is missing or blank', () => {
    expect(socialLinks({ ...none, youtube: 'youtube.com/x' }).map((l) => l.network)).toEqual([]);
    expect(socialLinks({ ...none, facebook: '  ', youtube: 'youtube.com/x' }).map((l) => l.network)).toEqual([]);
    expect(socialLinks({ ...none, facebook: 'fb.com/x', youtube: 'youtube.com/x' }).map((l) => l.network)).toEqual([
      'facebook',
      'youtube',
    ]);
  });

  it('turns an Instagram handle into its profile link', () => {
    expect(socialLinks({ ...none, instagram: '@sorrisopleno' })[0]?.href).toBe('https://instagram.com/sorrisopleno');
  });

  it('writes the legal line with the CNPJ formatted', () => {
    expect(
      legalLines({
        nome: 'Sorriso Pleno Odontologia Ltda',
        cnpj: '11222333000181',
        endereco: EMPRESA_FIXTURE.endereco,
      }),
    ).toEqual([
      'Sorriso Pleno Odontologia Ltda · CNPJ 11.222.333/0001-81',
      'Avenida Paulista, 1000 – Bela Vista, São Paulo/SP',
    ]);
  });
});
