import { MSG_FRETE } from '@clinica/shared/messages-frete';
import { formatBRL } from '@clinica/shared/money';
import type { OpcaoFrete } from '@clinica/shared/schemas/frete';
import { Price } from '../catalog/price';
import styles from './freight-options.module.css';

/** 'Entrega em até N dias úteis'. */
export const prazoText = (dias: number) => `Entrega em até ${dias} ${dias === 1 ? 'dia útil' : 'dias úteis'}`;

/** What one option says: service and carrier, delivery days, price ('Grátis' with the price struck through when free). */
function OptionBody({ opcao }: { opcao: OpcaoFrete }) {
  return (
    <>
      <span className={styles.text}>
        <span className={styles.name}>
          {opcao.name}
          <span className={styles.company}> · {opcao.company.name}</span>
        </span>
        <span className={styles.time}>{prazoText(opcao.delivery_range.max)}</span>
      </span>
      {opcao.freteGratis ? (
        <span className={styles.free} data-testid="freight-free">
          {opcao.precoOriginal !== undefined && (
            <s
              className={styles.original}
              aria-label={MSG_FRETE.precoOriginal.replace('{preco}', formatBRL(opcao.precoOriginal))}
            >
              {formatBRL(opcao.precoOriginal)}
            </s>
          )}
          <strong className={styles.freeText}>{MSG_FRETE.gratis}</strong>
        </span>
      ) : (
        <Price cents={opcao.custom_price} className={styles.price} />
      )}
    </>
  );
}

export interface FreightOptionsProps {
  options: readonly OpcaoFrete[];
  /** Accessible name of the list of a quote (the checkout's radios take the name of their fieldset). */
  label?: string;
  /** The checkout chooses one: each option is a radio. */
  choice?: { selectedId: number | null; onSelect: (id: number) => void; name?: string };
}

/**
 * The freight options of a quote (docs/behaviour/bag-and-checkout.md#freight), one way everywhere: service and
 * carrier, 'Entrega em até N dias úteis' and the price. The product page and the bag list them; the checkout
 * chooses one (`choice`).
 */
export function FreightOptions({ options, label, choice }: FreightOptionsProps) {
  if (choice) {
    return (
      <div className={styles.list}>
        {options.map((opcao) => (
          <label key={opcao.id} className={styles.choice} data-checked={opcao.id === choice.selectedId || undefined}>
            <input
              type="radio"
              name={choice.name ?? 'frete'}
              value={opcao.id}
              checked={opcao.id === choice.selectedId}
              onChange={() => choice.onSelect(opcao.id)}
              className={styles.radio}
            />
            <OptionBody opcao={opcao} />
          </label>
        ))}
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label={label}>
      {options.map((opcao) => (
        <li key={opcao.id} className={styles.option} data-testid="freight-option">
          <OptionBody opcao={opcao} />
        </li>
      ))}
    </ul>
  );
}
