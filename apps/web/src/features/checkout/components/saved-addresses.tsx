import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import type { EnderecoCatalogo } from '@clinica/shared/schemas/catalogo-enderecos';
import { Info, MapPinPlus } from 'lucide-react';
import { AddressNameField } from '../../../components/address/address-book-fields';
import type { ExtrasForm } from '../../../components/address/address-book-form';
import { AddressSummary } from '../../../components/address/address-card';
import styles from './saved-addresses.module.css';
import formStyles from './step-form.module.css';

/** The address chosen at checkout: a saved one by id, or a new one typed. */
export type EscolhaEndereco = number | 'novo';

export interface SavedAddressesProps {
  enderecos: readonly EnderecoCatalogo[];
  escolha: EscolhaEndereco | null;
  onEscolha: (escolha: EnderecoCatalogo | 'novo') => void;
  disabled?: boolean;
}

/**
 * The customer's saved addresses as cards to choose from (docs/behaviour/bag-and-checkout.md#saved-addresses): name,
 * street and number, district, city/UF and CEP, the default chosen when the step opens; and 'Novo endereço', which
 * opens the address form. One radio group, named by its legend.
 */
export function SavedAddresses({ enderecos, escolha, onEscolha, disabled }: SavedAddressesProps) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{MSG_ENDERECOS.escolha}</legend>
      <div className={styles.cards}>
        {enderecos.map((endereco) => (
          <label
            key={endereco.id}
            className={styles.card}
            data-checked={escolha === endereco.id || undefined}
            data-testid="endereco-opcao"
          >
            <input
              type="radio"
              name="endereco-entrega"
              value={endereco.id}
              checked={escolha === endereco.id}
              onChange={() => onEscolha(endereco)}
              className={styles.radio}
              disabled={disabled}
            />
            <AddressSummary endereco={endereco} />
          </label>
        ))}
        <label className={`${styles.card} ${styles.novo}`} data-checked={escolha === 'novo' || undefined}>
          <input
            type="radio"
            name="endereco-entrega"
            value="novo"
            checked={escolha === 'novo'}
            onChange={() => onEscolha('novo')}
            className={styles.radio}
            disabled={disabled}
          />
          <span className={styles.novoText}>
            <MapPinPlus size={18} aria-hidden="true" />
            {MSG_ENDERECOS.novo}
          </span>
        </label>
      </div>
    </fieldset>
  );
}

/** Under a new address: 'Salvar no meu catálogo de endereços' (checked at first) and its name; a full book says so. */
export function SaveToBook({
  extras,
  salvar,
  onSalvar,
  cheio,
}: {
  extras: ExtrasForm;
  salvar: boolean;
  onSalvar: (salvar: boolean) => void;
  /** The book is full: the address is for this order only. */
  cheio: number | null;
}) {
  if (cheio !== null) {
    return (
      <p className={formStyles.note}>
        <Info size={18} aria-hidden="true" />
        {MSG_ENDERECOS.catalogoCheio.replace('{n}', String(cheio))}
      </p>
    );
  }
  return (
    <div className={styles.save}>
      <label className={styles.toggle}>
        <input type="checkbox" checked={salvar} onChange={(e) => onSalvar(e.target.checked)} />
        <span>{MSG_ENDERECOS.salvarNoCatalogo}</span>
      </label>
      {salvar && <AddressNameField extras={extras} />}
    </div>
  );
}
