import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readGeografia } from '../../db/seed/geografia.js';
import { createOfflineCepProvider, FAIXAS_CEP, lerCepsConhecidos, ufDaFaixa } from './offline-cep-provider.js';

const cep8 = fc.integer({ min: 0, max: 99_999_999 }).map((n) => String(n).padStart(8, '0'));

describe('faixas de CEP por estado', () => {
  it('cobrem as 27 UFs, sem sobreposição', () => {
    expect(new Set(FAIXAS_CEP.map((f) => f.uf)).size).toBe(27);
    const ordenadas = [...FAIXAS_CEP].sort((a, b) => a.de.localeCompare(b.de));
    for (let i = 0; i < ordenadas.length; i++) {
      const faixa = ordenadas[i]!;
      expect(faixa.de <= faixa.ate, faixa.uf).toBe(true);
      if (i > 0) expect(ordenadas[i - 1]!.ate < faixa.de, faixa.uf).toBe(true);
    }
  });

  it('nos limites: cada CEP cai na UF certa', () => {
    const casos: Array<[string, string | null]> = [
      ['00000001', null],
      ['00999999', null],
      ['01000000', 'SP'],
      ['19999999', 'SP'],
      ['20000000', 'RJ'],
      ['28999999', 'RJ'],
      ['29000000', 'ES'],
      ['39999999', 'MG'],
      ['48999999', 'BA'],
      ['49000000', 'SE'],
      ['56999999', 'PE'],
      ['57000000', 'AL'],
      ['58999999', 'PB'],
      ['59000000', 'RN'],
      ['63999999', 'CE'],
      ['64000000', 'PI'],
      ['65999999', 'MA'],
      ['68899999', 'PA'],
      ['68900000', 'AP'],
      ['68999999', 'AP'],
      ['69299999', 'AM'],
      ['69300000', 'RR'],
      ['69399999', 'RR'],
      ['69400000', 'AM'],
      ['69899999', 'AM'],
      ['69900000', 'AC'],
      ['72799999', 'DF'],
      ['72800000', 'GO'],
      ['72999999', 'GO'],
      ['73000000', 'DF'],
      ['73699999', 'DF'],
      ['73700000', 'GO'],
      ['76799999', 'GO'],
      ['76800000', 'RO'],
      ['76999999', 'RO'],
      ['77000000', 'TO'],
      ['78000000', 'MT'],
      ['78899999', 'MT'],
      ['78900000', null],
      ['78999999', null],
      ['79000000', 'MS'],
      ['80000000', 'PR'],
      ['87999999', 'PR'],
      ['88000000', 'SC'],
      ['89999999', 'SC'],
      ['90000000', 'RS'],
      ['99999999', 'RS'],
    ];
    for (const [cep, uf] of casos) expect(ufDaFaixa(cep), cep).toBe(uf);
  });

  it('todo CEP de 8 dígitos cai em no máximo uma faixa, e ufDaFaixa diz qual', () => {
    fc.assert(
      fc.property(cep8, (cep) => {
        const faixas = FAIXAS_CEP.filter((f) => cep >= f.de && cep <= f.ate);
        expect(faixas.length).toBeLessThanOrEqual(1);
        expect(ufDaFaixa(cep)).toBe(faixas[0]?.uf ?? null);
      }),
    );
  });
});

describe('lista de CEPs conhecidos', () => {
  const conhecidos = [...lerCepsConhecidos().entries()];
  const { ufs, municipios } = readGeografia();
  const ufPorSigla = new Map(ufs.map((uf) => [uf.sigla, uf]));
  const municipioPorCodigo = new Map(municipios.map((m) => [String(m.id), m]));

  it('tem de 40 a 80 CEPs, com ao menos um de cada capital', () => {
    expect(conhecidos.length).toBeGreaterThanOrEqual(40);
    expect(conhecidos.length).toBeLessThanOrEqual(80);
    const cidades = new Set(conhecidos.map(([, e]) => e.ibge));
    const capitais = municipios.filter((m) => m.capital);
    expect(capitais).toHaveLength(27);
    for (const capital of capitais) expect(cidades.has(String(capital.id)), capital.nome).toBe(true);
  });

  it('cada CEP confere com as tabelas do IBGE e com a faixa do seu estado', () => {
    for (const [digits, e] of conhecidos) {
      expect(e.cep, digits).toBe(`${digits.slice(0, 5)}-${digits.slice(5)}`);
      expect(ufDaFaixa(digits), digits).toBe(e.uf);
      const uf = ufPorSigla.get(e.uf);
      expect(uf, digits).toBeDefined();
      expect(e.estado, digits).toBe(uf?.nome);
      expect(e.regiao, digits).toBe(uf?.regiao);
      const municipio = municipioPorCodigo.get(e.ibge);
      expect(municipio, digits).toBeDefined();
      expect(municipio?.nome, digits).toBe(e.localidade);
      expect(municipio?.ufId, digits).toBe(uf?.id);
      expect(e.logradouro, digits).not.toBe('');
      expect(e.bairro, digits).not.toBe('');
      expect(e.ddd, digits).toMatch(/^\d{2}$/);
      expect(e.siafi, digits).toMatch(/^\d{4}$/);
      // ViaCEP fills `gia` (São Paulo's ICMS registry) only for São Paulo.
      expect(e.gia !== '', digits).toBe(e.uf === 'SP');
    }
  });

  it('o arquivo tem CEPs únicos', () => {
    expect(new Set(conhecidos.map(([d]) => d)).size).toBe(conhecidos.length);
  });
});

describe('sandbox offline do ViaCEP', () => {
  const provider = createOfflineCepProvider();

  it('CEP da lista: o endereço completo', async () => {
    expect(await provider.lookup('30130010')).toMatchObject({
      cep: '30130-010',
      logradouro: 'Praça Sete de Setembro',
      bairro: 'Centro',
      localidade: 'Belo Horizonte',
      uf: 'MG',
      ibge: '3106200',
      ddd: '31',
    });
  });

  it('CEP na faixa de um estado, fora da lista: só a UF', async () => {
    expect(await provider.lookup('69301000')).toEqual({
      cep: '69301-000',
      logradouro: '',
      complemento: '',
      unidade: '',
      bairro: '',
      localidade: '',
      uf: 'RR',
      estado: '',
      regiao: '',
      ibge: '',
      gia: '',
      ddd: '',
      siafi: '',
    });
  });

  it('CEP fora das faixas: desconhecido', async () => {
    expect(await provider.lookup('00000001')).toBeNull();
    expect(await provider.lookup('78950000')).toBeNull();
  });

  it('devolve cópias: quem altera a resposta não altera a lista', async () => {
    const a = await provider.lookup('01310100');
    if (a) a.logradouro = 'alterado';
    expect((await provider.lookup('01310100'))?.logradouro).toBe('Avenida Paulista');
  });
});
