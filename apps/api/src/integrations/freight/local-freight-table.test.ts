import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICOS_FRETE } from '@clinica/shared/messages-backoffice';
import { readGeografia } from '../../db/seed/geografia.js';
import { createLocalFreightProvider } from './local-freight-provider.js';
import {
  pesoTaxavelGramas,
  precoDaFaixa,
  REGIAO_DA_UF,
  SERVICOS_LOCAIS,
  TABELA_FRETE,
  zonaDoDestino,
  type MedidasLinha,
} from './local-freight-table.js';

const linha = (m: Partial<MedidasLinha>): MedidasLinha => ({
  quantidade: 1,
  pesoKg: 0,
  alturaCm: 0,
  larguraCm: 0,
  comprimentoCm: 0,
  ...m,
});

describe('tabela de frete local', () => {
  it('a região de cada UF é a do IBGE (seed-data/ibge/estados.csv)', () => {
    const { ufs } = readGeografia();
    expect(ufs).toHaveLength(27);
    expect(Object.fromEntries(ufs.map((uf) => [uf.sigla, uf.regiao]))).toEqual(REGIAO_DA_UF);
  });

  it('zona: mesmo estado, senão a região do destino; UF desconhecida → null', () => {
    expect(zonaDoDestino('SP', 'SP')).toBe('MESMO_ESTADO');
    expect(zonaDoDestino('SP', 'MG')).toBe('Sudeste');
    expect(zonaDoDestino('SP', 'RS')).toBe('Sul');
    expect(zonaDoDestino('PR', 'SP')).toBe('Sudeste');
    expect(zonaDoDestino('SP', 'XX')).toBeNull();
  });

  it('peso taxável: o maior entre real e cubado (cm³ ÷ 6000), somados nas linhas', () => {
    expect(pesoTaxavelGramas([linha({ pesoKg: 0.5, alturaCm: 10, larguraCm: 10, comprimentoCm: 10 })])).toEqual({
      real: 500,
      cubado: 167,
      taxavel: 500,
    });
    expect(pesoTaxavelGramas([linha({ pesoKg: 0.2, alturaCm: 40, larguraCm: 30, comprimentoCm: 30 })])).toEqual({
      real: 200,
      cubado: 6000,
      taxavel: 6000,
    });
    expect(
      pesoTaxavelGramas([
        linha({ quantidade: 2, pesoKg: 0.5, alturaCm: 10, larguraCm: 10, comprimentoCm: 10 }),
        linha({ quantidade: 3, pesoKg: 0.025, alturaCm: 2.5, larguraCm: 3, comprimentoCm: 19.5 }),
      ]),
    ).toEqual({ real: 1075, cubado: 407, taxavel: 1075 });
  });

  it('preço: primeiro kg, depois cada kg ou fração', () => {
    const faixa = TABELA_FRETE.Sul.PAC;
    expect(precoDaFaixa(faixa, 1)).toBe(2790);
    expect(precoDaFaixa(faixa, 1000)).toBe(2790);
    expect(precoDaFaixa(faixa, 1001)).toBe(2790 + 400);
    expect(precoDaFaixa(faixa, 2000)).toBe(2790 + 400);
    expect(precoDaFaixa(faixa, 2001)).toBe(2790 + 800);
  });

  it('em toda zona o SEDEX é mais caro e mais rápido que o PAC, e mais longe nunca é mais barato', () => {
    for (const zona of Object.values(TABELA_FRETE)) {
      expect(zona.SEDEX.primeiroKg).toBeGreaterThan(zona.PAC.primeiroKg);
      expect(zona.SEDEX.prazo.max).toBeLessThan(zona.PAC.prazo.max);
      expect(zona.PAC.prazo.min).toBeLessThanOrEqual(zona.PAC.prazo.max);
    }
    const ordem = ['MESMO_ESTADO', 'Sudeste', 'Sul', 'Centro-Oeste', 'Nordeste', 'Norte'] as const;
    for (let i = 1; i < ordem.length; i++) {
      expect(TABELA_FRETE[ordem[i]!].PAC.primeiroKg).toBeGreaterThan(TABELA_FRETE[ordem[i - 1]!].PAC.primeiroKg);
    }
  });

  it('propriedade: mais quantidade nunca barateia o frete; preços em centavos inteiros', async () => {
    const provider = createLocalFreightProvider();
    const ufs = Object.keys(REGIAO_DA_UF);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ufs),
        fc.integer({ min: 1, max: 998 }),
        fc.integer({ min: 1, max: 5000 }).map((g) => g / 1000),
        fc.integer({ min: 1, max: 6000 }).map((mm) => mm / 100),
        async (uf, quantidade, pesoKg, cm) => {
          const pedido = (q: number) => ({
            cepOrigem: '01310100',
            ufOrigem: 'SP',
            cepDestino: '01310100',
            ufDestino: uf,
            volumes: [
              { id: 1, quantidade: q, pesoKg, alturaCm: cm, larguraCm: 10, comprimentoCm: 10, valorUnitarioCents: 100 },
            ],
          });
          const menos = await provider.cotar(pedido(quantidade));
          const mais = await provider.cotar(pedido(quantidade + 1));
          expect(menos.map((o) => o.id)).toEqual([1, 2]);
          for (let i = 0; i < menos.length; i++) {
            expect(Number.isInteger(menos[i]!.custom_price)).toBe(true);
            expect(mais[i]!.custom_price).toBeGreaterThanOrEqual(menos[i]!.custom_price);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('os serviços da tabela no formulário do frete grátis', () => {
  it('o back-office oferece os serviços da tabela local, pelos mesmos ids e nomes', () => {
    expect(SERVICOS_FRETE.map((s) => [s.id, s.nome])).toEqual(
      SERVICOS_LOCAIS.map((s) => [s.id, `${s.name} (Correios)`]),
    );
  });
});
