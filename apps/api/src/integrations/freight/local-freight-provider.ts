import { porPreco, type FreightProvider, type OpcaoFrete } from './freight-provider.js';
import {
  CORREIOS,
  pesoTaxavelGramas,
  precoDaFaixa,
  SERVICOS_LOCAIS,
  TABELA_FRETE,
  zonaDoDestino,
} from './local-freight-table.js';

/**
 * The store's own table (local-freight-table.ts), the default
 * (FREIGHT_PROVIDER=local): deterministic, no network, the same answer shape
 * as Melhor Envio (PAC and SEDEX of the Correios). A destination state the
 * table does not know yields no option.
 */
export function createLocalFreightProvider(): FreightProvider {
  return {
    kind: 'local',
    async cotar({ ufOrigem, ufDestino, volumes }) {
      const zona = zonaDoDestino(ufOrigem, ufDestino);
      if (!zona) return [];
      const { taxavel } = pesoTaxavelGramas(volumes);
      return SERVICOS_LOCAIS.map((servico): OpcaoFrete => {
        const faixa = TABELA_FRETE[zona][servico.chave];
        return {
          id: servico.id,
          name: servico.name,
          custom_price: precoDaFaixa(faixa, taxavel),
          delivery_time: faixa.prazo.max,
          delivery_range: { ...faixa.prazo },
          company: { ...CORREIOS },
        };
      }).sort(porPreco);
    },
  };
}
