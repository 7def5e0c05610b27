import { anvisaValido } from '@clinica/shared/anvisa';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { FormMaskedField } from '../../../components/forms/form-helpers';
import { SwitchField } from '../../../components/ui/switch-field';
import { maskAnvisa } from '../product-form-schema';
import { FormSection } from './form-section';
import type { FormApi } from './product-form-rows';
import styles from './product-fiscal-section.module.css';

/**
 * 'Registro sanitário' of a physical product (ADR 037): the ANVISA registration or notification number (11 digits,
 * shown 0.0000.0000.00, or 13, shown 0.0000.0000.000-0) and the 'Uso profissional' switch (RDC 6/2015: only customers
 * with a CRO buy it). Without a number the section reminds the staff to check the product is exempt.
 */
export function ProductAnvisaSection({ form }: { form: FormApi }) {
  const numero = useWatch({ control: form.control, name: 'anvisaRegistro' });
  const semNumero = !anvisaValido(numero ?? '');
  return (
    <FormSection
      title={MSG_ANVISA.secao}
      description={MSG_ANVISA.secaoDetalhe}
      icon={<ShieldCheck size={18} />}
      testId="product-anvisa-section"
    >
      <div className={styles.grid}>
        <FormMaskedField
          form={form}
          name="anvisaRegistro"
          label={MSG_ANVISA.anvisa}
          mask={maskAnvisa}
          inputMode="numeric"
          placeholder="0.0000.0000.00"
          autoComplete="off"
          hint={MSG_ANVISA.anvisaAjuda}
        />
        <SwitchField
          label={MSG_ANVISA.usoProfissional}
          description={MSG_ANVISA.usoProfissionalAjuda}
          {...form.register('usoProfissional')}
        />
      </div>
      {semNumero && (
        <p className={styles.warning} role="status" data-testid="product-sem-anvisa">
          <TriangleAlert size={16} aria-hidden="true" />
          {MSG_ANVISA.semAnvisaAviso}
        </p>
      )}
    </FormSection>
  );
}
