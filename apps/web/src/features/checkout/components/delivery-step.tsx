import { maskPhone } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import type { OpcaoFrete } from '@clinica/shared/schemas/frete';
import { CircleAlert, MonitorPlay, RotateCw, Truck } from 'lucide-react';
import type { FormEventHandler } from 'react';
import { AddressFields } from '../../../components/address/address-fields';
import type { AddressForm } from '../../../components/address/address-schema';
import { FreightOptions } from '../../../components/freight/freight-options';
import { Button } from '../../../components/ui/button';
import { MaskedField } from '../../../components/ui/masked-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import type { RecebedorValues } from '../checkout-schemas';
import { SaveToBook, SavedAddresses, type SavedAddressesProps } from './saved-addresses';
import type { ExtrasForm } from '../../../components/address/address-book-form';
import styles from './delivery-step.module.css';
import formStyles from './step-form.module.css';
import { StepActions } from './step-card';

/** What the delivery step shows of the freight quote. */
interface FreteView {
  /** Whether a quote can be asked for (CEP complete). */
  enabled: boolean;
  loading: boolean;
  error: boolean;
  options: readonly OpcaoFrete[] | undefined;
  retry: () => void;
}

export interface DeliveryStepProps {
  addressForm: AddressForm;
  recebedor: RecebedorValues;
  onRecebedor: (values: RecebedorValues) => void;
  /** Whether something ships (a line neither digital nor the gift). */
  ships: boolean;
  frete: FreteView;
  freteId: number | null;
  onFrete: (id: number) => void;
  /** The step was tried without a freight option. */
  freteMissing: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
  /**
   * The customer's saved addresses (docs/behaviour/bag-and-checkout.md#saved-addresses); null or empty: the address
   * form alone, as for a customer without any.
   */
  catalogo?: BookChoice | null;
}

/** The book at the delivery step: the cards, and for a new address whether to save it and its name. */
interface BookChoice extends SavedAddressesProps {
  extras: ExtrasForm;
  salvar: boolean;
  onSalvar: (salvar: boolean) => void;
  /** The limit when the book is full, else null. */
  cheio: number | null;
}

/**
 * Step entrega: who receives (no validation), the saved addresses to choose from (or 'Novo endereço'), the address
 * block with its CEP lookup for a new address, and the freight options, asked for whenever the CEP changes
 * (docs/behaviour/bag-and-checkout.md#freight). An order of digital items only takes the address but has no
 * freight (Entrega R$ 0,00).
 */
export function DeliveryStep(props: DeliveryStepProps) {
  const { addressForm, recebedor, onRecebedor, ships, onSubmit, onBack, catalogo } = props;
  const comCatalogo = catalogo && catalogo.enderecos.length > 0 ? catalogo : null;
  return (
    <form className={formStyles.stepForm} noValidate onSubmit={onSubmit}>
      <div className={formStyles.twoCols}>
        <TextField
          label="Nome de quem recebe"
          autoComplete="name"
          value={recebedor.recebedor}
          onChange={(e) => onRecebedor({ ...recebedor, recebedor: e.target.value })}
        />
        <MaskedField
          label="Telefone de quem recebe"
          mask={maskPhone}
          placeholder="(00) 0 0000-0000"
          inputMode="tel"
          autoComplete="tel-national"
          value={recebedor.telefoneRecebedor}
          onChange={(masked) => onRecebedor({ ...recebedor, telefoneRecebedor: masked })}
        />
      </div>
      {comCatalogo && <SavedAddresses {...comCatalogo} />}
      {(!comCatalogo || comCatalogo.escolha === 'novo') && <AddressFields form={addressForm} />}
      {comCatalogo?.escolha === 'novo' && <SaveToBook {...comCatalogo} />}
      {ships ? (
        <FreightChoice {...props} />
      ) : (
        <p className={formStyles.note}>
          <MonitorPlay size={18} aria-hidden="true" />
          Seu pedido tem apenas produtos digitais: não há frete. O acesso fica na sua biblioteca.
        </p>
      )}
      <StepActions onBack={onBack} />
    </form>
  );
}

/** The freight block of the step: a hint, the quote on its way, its failure, or the options to choose from. */
function FreightChoice({ frete, freteId, onFrete, freteMissing }: DeliveryStepProps) {
  let body;
  if (!frete.enabled) {
    body = <p className={styles.freightHint}>Informe o CEP para calcular o frete.</p>;
  } else if (frete.loading) {
    body = (
      <p className={styles.freightHint}>
        <Spinner size="sm" />
        Calculando frete...
      </p>
    );
  } else if (frete.error) {
    body = (
      <div className={styles.freightError} role="alert">
        <p>
          <CircleAlert size={18} aria-hidden="true" />
          {MSG.erroCalcularFrete}
        </p>
        <Button variant="outline" size="sm" onClick={frete.retry}>
          <RotateCw size={16} aria-hidden="true" />
          Tentar novamente
        </Button>
      </div>
    );
  } else if (!frete.options || frete.options.length === 0) {
    body = <p className={styles.freightHint}>{MSG.freteSemOpcoes}</p>;
  } else {
    body = <FreightOptions options={frete.options} choice={{ selectedId: freteId, onSelect: onFrete }} />;
  }
  return (
    <fieldset className={styles.freight} data-invalid={freteMissing || undefined}>
      <legend className={styles.freightLegend}>
        <Truck size={18} aria-hidden="true" />
        Opções de entrega
      </legend>
      {body}
      {freteMissing && !frete.loading && frete.options && frete.options.length > 0 && (
        <p className={styles.fieldError} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {MSG.pedidoEntregaObrigatoria}
        </p>
      )}
    </fieldset>
  );
}
