import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.js';
import { idParam, isCleanText, safeText } from './common.js';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('esquemas comuns', () => {
  it('idParam aceita só decimal simples de 1 a 2147483647', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('2147483647')).toBe(2_147_483_647);
    for (const bad of ['0x1', '1e0', '01', '1.0', ' 1', '1 ', '+1', '0', '-1', '', '2147483648', '99999999999']) {
      expect(messages(idParam.safeParse(bad)), bad).toEqual(['Identificador inválido.']);
    }
    expect(messages(idParam.safeParse(1))).toEqual(['Identificador inválido.']);
  });

  it('safeText recusa caracteres de controle e surrogates soltos; o multilinha aceita tab e quebra de linha', () => {
    expect(safeText().parse('  ana@exemplo.com ')).toBe('ana@exemplo.com');
    expect(safeText().parse('ação 😀')).toBe('ação 😀');
    for (const bad of ['a\u0000b', 'a\u0007', 'a\tb', 'a\nb', '\u007f', 'a\u0085', 'a\ud800b', '\udc00']) {
      expect(messages(safeText().safeParse(bad)), JSON.stringify(bad)).toEqual([
        'O campo contém caracteres inválidos.',
      ]);
    }
    expect(safeText({ multiline: true }).parse('linha 1\r\n\tlinha 2')).toBe('linha 1\r\n\tlinha 2');
    expect(isCleanText('a\u0000b', { multiline: true })).toBe(false);
    expect(messages(safeText().safeParse(5))).toEqual(['Este campo deve ser um texto.']);
  });

  it('a senha tem uma mensagem para vazia, outra para longa demais e outra para tipo errado', () => {
    const password = (value: unknown) => messages(loginRequestSchema.safeParse({ email: 'a@b.com', password: value }));
    expect(password('')).toEqual(['Este campo não pode ficar vazio.']);
    expect(password('x'.repeat(257))).toEqual(['A senha pode ter no máximo 256 caracteres.']);
    expect(password(['x'])).toEqual(['Este campo deve ser um texto.']);
    expect(password('x'.repeat(256))).toEqual([]);
  });
});
