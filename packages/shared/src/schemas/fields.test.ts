import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpf as cpfLib } from 'cpf-cnpj-validator';
import { maskCep, maskCpfCnpj, maskPhone } from '../masks.js';
import { MSG } from '../messages.js';
import { clienteCreateSchema, perfilInputSchema } from './cliente.js';
import {
  cepField,
  celularField,
  cnpjField,
  codigoField,
  cpfField,
  emailField,
  isCpfOrCnpj,
  isEmailCom,
  isEmailComOuBr,
  nomeField,
  novaSenhaField,
  senhaAtualField,
  senhaField,
} from './fields.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('regras de campo (docs/behaviour/forms-and-validation.md)', () => {
  it('e-mail de cadastro e recuperação: .com ou .br; o de login exige .com', () => {
    for (const ok of ['ana@clinica.com.br', 'ANA@Exemplo.COM', 'ana@prefeitura.sp.gov.br', 'a.b+c@d.com']) {
      expect(isEmailComOuBr(ok), ok).toBe(true);
    }
    for (const bad of ['ana@clinica.org', 'anaclinica.com', 'ana@', '@clinica.com', 'a na@x.com', 'ana@x', '']) {
      expect(isEmailComOuBr(bad), bad).toBe(false);
    }
    expect(isEmailCom('ana@clinica.com.br')).toBe(true);
    expect(isEmailCom('ana@prefeitura.sp.gov.br')).toBe(false);
    expect(emailField.parse('  Ana@Clinica.COM.br ')).toBe('ana@clinica.com.br');
    expect(messages(emailField.safeParse('ana@clinica.org'))).toEqual([MSG.email]);
    expect(messages(emailField.safeParse(`${'a'.repeat(250)}@x.com`))).toEqual([MSG.email]);
  });

  it('CPF/CNPJ: 11 ou 14 depois de tirar a máscara, com dígitos verificadores; CNPJ alfanumérico aceito', () => {
    expect(cpfField.parse('529.982.247-25')).toBe('52998224725');
    expect(cnpjField.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(cnpjField.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    for (const bad of ['529.982.247-24', '111.111.111-11', '5299822472', '529982247255', '5299822472A']) {
      expect(messages(cpfField.safeParse(bad)), bad).toEqual([MSG.cpfCnpj]);
    }
    for (const bad of ['11.222.333/0001-82', '12.ABC.345/01DE-36', '12ABC34501DE3X', '1122233300018']) {
      expect(messages(cnpjField.safeParse(bad)), bad).toEqual([MSG.cpfCnpj]);
    }
    expect(isCpfOrCnpj('52998224725')).toBe(true);
    expect(isCpfOrCnpj('11222333000181')).toBe(true);
    expect(isCpfOrCnpj('123')).toBe(false);
  });

  it('propriedade: todo CPF gerado é aceito com e sem máscara; trocar um dígito verificador o torna inválido', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), () => {
        const doc = cpfLib.generate();
        expect(cpfField.parse(maskCpfCnpj(doc))).toBe(doc);
        const broken = doc.slice(0, 10) + String((Number(doc[10]) + 1) % 10);
        expect(cpfField.safeParse(broken).success).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('nomes: 3 ou mais caracteres; celular: exatamente 11 dígitos; CEP: 8', () => {
    expect(messages(nomeField().safeParse('Al'))).toEqual([MSG.min3]);
    expect(nomeField().parse('  Ana  ')).toBe('Ana');
    expect(celularField.parse('(11) 9 8765-4321')).toBe('11987654321');
    expect(celularField.parse(maskPhone('11987654321'))).toBe('11987654321');
    for (const bad of ['(11) 8765-4321', '119876543210', '(11) 9 8765-432a', '']) {
      expect(messages(celularField.safeParse(bad)), bad).toEqual([MSG.celular]);
    }
    expect(cepField.parse('01310-100')).toBe('01310100');
    expect(cepField.parse(maskCep('30130010'))).toBe('30130010');
    for (const bad of ['01310-10', '013101000', '0131O100', '01.310-100']) {
      expect(messages(cepField.safeParse(bad)), bad).toEqual([MSG.cep]);
    }
  });

  it('senhas e código: cada campo com a sua mensagem', () => {
    expect(messages(senhaField.safeParse('123'))).toEqual([MSG.senhaMin4]);
    expect(messages(novaSenhaField.safeParse('123'))).toEqual([MSG.novaSenhaMin4]);
    expect(messages(senhaAtualField.safeParse(''))).toEqual([MSG.senhaAtualVazia]);
    expect(senhaField.parse('  com espaços  ')).toBe('  com espaços  ');
    expect(codigoField.parse('012345')).toBe('012345');
    for (const bad of ['12345', '1234567', '12a456', '']) {
      expect(messages(codigoField.safeParse(bad)), bad).toEqual([MSG.codigoSeisDigitos]);
    }
  });
});

describe('cadastro e perfil: pessoa física ou jurídica pelo campo juridica', () => {
  const endereco = {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: '',
    bairro: 'Bela Vista',
    municipio: { id: 3550308 },
    uf: { id: 35 },
  };

  it('pessoa física: valida nome e CPF e ignora os campos da empresa', () => {
    const data = clienteCreateSchema.parse({
      nome: 'Ana',
      cpf: '529.982.247-25',
      razaoSocial: 'ignorada',
      cnpj: 'lixo',
      inscricaoEstadual: null,
      juridica: false,
      telefone: '11987654321',
      usuario: { email: 'ana@x.com.br', password: 'abcd', permissao: 'ADMIN' },
      endereco,
    });
    expect(data.pessoa).toEqual({ juridica: false, nome: 'Ana', cpf: '52998224725' });
    expect(data.usuario).toEqual({ email: 'ana@x.com.br', password: 'abcd' });
    expect(data.endereco.complemento).toBeNull();
  });

  it('empresa: razão social, inscrição estadual e CNPJ obrigatórios, com as mensagens nos campos', () => {
    const result = perfilInputSchema.safeParse({ juridica: true, telefone: '11987654321', endereco });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['razaoSocial', MSG.min3],
        ['cnpj', MSG.cpfCnpj],
        ['inscricaoEstadual', MSG.naoVazio],
      ]),
    );
  });
});
