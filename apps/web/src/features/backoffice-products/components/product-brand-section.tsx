import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { Barcode } from 'lucide-react';
import { fieldProps } from '../../../components/forms/form-helpers';
import { TextField } from '../../../components/ui/text-field';
import { FormSection } from './form-section';
import type { FormApi } from './product-form-rows';
import styles from './product-fiscal-section.module.css';

/**
 * 'Marca e código' of a physical product (ADR 044): the brand, which the store's category pages filter by, and the
 * store's code (SKU), unique, shown on the product page.
 */
export function ProductBrandSection({ form }: { form: FormApi }) {
  return (
    <FormSection
      title={MSG_BO.marcaECodigo}
      description={MSG_BO.marcaECodigoDetalhe}
      icon={<Barcode size={18} />}
      testId="product-brand-section"
    >
      <div className={styles.grid}>
        <TextField label={MSG_BO.marca} maxLength={60} placeholder="3M, FGM, Maquira…" {...fieldProps(form, 'marca')} />
        <TextField
          label={MSG_BO.sku}
          maxLength={40}
          placeholder="FGM-WHP-0016"
          autoComplete="off"
          hint={MSG_BO.skuAjuda}
          {...fieldProps(form, 'sku')}
        />
      </div>
    </FormSection>
  );
}
