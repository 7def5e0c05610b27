import type { FisicoDigital, ProdutoMenuItem } from '@clinica/shared/schemas/produto';
import type { ProdutoRepository } from './produto.repository.js';

/** Names in Portuguese dictionary order (accents and case do not push a name to the end). */
const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

export function createProdutoService({ repository }: { repository: ProdutoRepository }) {
  return {
    /** GET /produto/fisicodigital: the menus' digital and physical products, by name. */
    async fisicoDigital(): Promise<FisicoDigital> {
      const rows: ProdutoMenuItem[] = await repository.listMenu();
      const sorted = [...rows].sort((a, b) => byName.compare(a.nome, b.nome) || a.id - b.id);
      return {
        listProdutoDigital: sorted.filter((p) => p.digital),
        listProdutoFisico: sorted.filter((p) => !p.digital),
      };
    },
  };
}

export type ProdutoService = ReturnType<typeof createProdutoService>;
