import { Boxes } from 'lucide-react';
import { fieldProps } from '../../../components/forms/form-helpers';
import { TextField } from '../../../components/ui/text-field';
import { FormSection } from './form-section';
import type { FormApi } from './product-form-rows';
import styles from './product-form.module.css';

/**
 * The stock fields of a physical product's form (ADR 032): on a new product, the units on hand it starts with; on
 * every product, its 'Estoque mínimo' (at or below it, it is in 'Estoque baixo'). An existing product's units move by
 * 'Ajustar estoque' (product-stock-section.tsx), never by the form.
 */
export function ProductStockFields({ form, mode }: { form: FormApi; mode: 'new' | 'edit' }) {
  return (
    <FormSection
      title={mode === 'new' ? 'Estoque' : 'Estoque mínimo'}
      description={
        mode === 'new'
          ? 'Sem unidades em estoque, o produto aparece como indisponível na loja.'
          : 'Com as unidades disponíveis neste número ou abaixo, o produto entra na lista de estoque baixo.'
      }
      icon={<Boxes size={18} />}
    >
      <div className={styles.grid4}>
        {mode === 'new' && (
          <TextField
            label="Estoque inicial"
            inputMode="numeric"
            maxLength={7}
            required
            hint="Unidades em mãos."
            {...fieldProps(form, 'estoqueInicial')}
          />
        )}
        <TextField
          label="Estoque mínimo"
          inputMode="numeric"
          maxLength={7}
          required
          {...fieldProps(form, 'estoqueMinimo')}
        />
      </div>
    </FormSection>
  );
}
