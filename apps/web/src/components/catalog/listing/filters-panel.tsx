import { formatBRL } from '@clinica/shared/money';
import { MSG_VITRINE } from '@clinica/shared/messages-vitrine';
import type { Vitrine } from '@clinica/shared/schemas/vitrine';
import {
  alternarMarca,
  centavosParaReais,
  limparFiltros,
  reaisParaCentavos,
  temFiltros,
  type FiltrosVitrine,
} from '@clinica/shared/vitrine';
import { useId, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import styles from './listing.module.css';

/** A price bound as the field shows it ("49,90"). */
const campoPreco = (centavos: number | null) =>
  centavos === null ? '' : centavosParaReais(centavos).replace('.', ',');

/**
 * The grid's filters (ADR 044): brands with their counts, a price range (the facet's lowest and highest as
 * placeholders), only in stock, and 'Limpar filtros'. Each change is a new view (its URL).
 */
export function FiltersPanel({
  filtros,
  vitrine,
  onChange,
}: {
  filtros: FiltrosVitrine;
  vitrine: Vitrine;
  onChange: (f: FiltrosVitrine) => void;
}) {
  const ids = { marcas: useId(), preco: useId(), min: useId(), max: useId() };
  // A chosen brand stays on the list even when the other filters leave none of its products.
  const marcas = [
    ...vitrine.marcas,
    ...filtros.marcas.filter((m) => !vitrine.marcas.some((v) => v.nome === m)).map((nome) => ({ nome, quantidade: 0 })),
  ];

  const aplicarPreco = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const ler = (name: string) => reaisParaCentavos(String(form.get(name) ?? ''));
    let [min, max] = [ler('precoMin'), ler('precoMax')];
    if (min !== null && max !== null && min > max) [min, max] = [max, min];
    onChange({ ...filtros, precoMin: min, precoMax: max });
  };

  return (
    <div className={styles.filters} data-testid="filters-panel">
      {marcas.length > 0 && (
        <fieldset className={styles.group}>
          <legend id={ids.marcas} className={styles.groupTitle}>
            {MSG_VITRINE.marcas}
          </legend>
          {marcas.map((m) => (
            <label key={m.nome} className={styles.check}>
              <input
                type="checkbox"
                checked={filtros.marcas.includes(m.nome)}
                onChange={() => onChange(alternarMarca(filtros, m.nome))}
              />
              <span>{m.nome}</span>
              <span className={styles.facetCount}>({m.quantidade})</span>
            </label>
          ))}
        </fieldset>
      )}

      <form className={styles.group} onSubmit={aplicarPreco} aria-labelledby={ids.preco}>
        <p id={ids.preco} className={styles.groupTitle}>
          {MSG_VITRINE.preco}
        </p>
        <div className={styles.priceRow}>
          <label htmlFor={ids.min} className="visually-hidden">
            {MSG_VITRINE.precoMinimo}
          </label>
          <input
            id={ids.min}
            name="precoMin"
            inputMode="decimal"
            className={styles.priceInput}
            defaultValue={campoPreco(filtros.precoMin)}
            key={`min-${filtros.precoMin}`}
            placeholder={vitrine.precoMinimo !== null ? formatBRL(vitrine.precoMinimo) : MSG_VITRINE.precoMinimo}
            aria-label={MSG_VITRINE.precoMinimo}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor={ids.max} className="visually-hidden">
            {MSG_VITRINE.precoMaximo}
          </label>
          <input
            id={ids.max}
            name="precoMax"
            inputMode="decimal"
            className={styles.priceInput}
            defaultValue={campoPreco(filtros.precoMax)}
            key={`max-${filtros.precoMax}`}
            placeholder={vitrine.precoMaximo !== null ? formatBRL(vitrine.precoMaximo) : MSG_VITRINE.precoMaximo}
            aria-label={MSG_VITRINE.precoMaximo}
          />
          <Button type="submit" variant="outline" size="sm">
            {MSG_VITRINE.aplicarPreco}
          </Button>
        </div>
      </form>

      <label className={styles.check}>
        <input
          type="checkbox"
          checked={filtros.emEstoque}
          onChange={(e) => onChange({ ...filtros, emEstoque: e.target.checked })}
        />
        <span>{MSG_VITRINE.emEstoque}</span>
      </label>

      {temFiltros(filtros) && (
        <Button variant="ghost" onClick={() => onChange(limparFiltros(filtros))}>
          {MSG_VITRINE.limparFiltros}
        </Button>
      )}
    </div>
  );
}
