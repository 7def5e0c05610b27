import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { NCM_REGEX } from '@clinica/shared/nfe';
import { digitsOnly } from '@clinica/shared/masks';
import { Receipt, TriangleAlert } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { fieldProps, FormMaskedField } from '../../../components/forms/form-helpers';
import { TextField } from '../../../components/ui/text-field';
import { maskNcm } from '../product-form-schema';
import { FormSection } from './form-section';
import type { FormApi } from './product-form-rows';
import styles from './product-fiscal-section.module.css';

/**
 * 'Dados fiscais' of a physical product (ADR 031): the NCM (8 digits, shown 0000.00.00) and an optional CFOP (empty:
 * 5102 inside the clinic's state, 6102 to another). Without a valid NCM the product's orders cannot be invoiced, and
 * the section says so.
 */
export function ProductFiscalSection({ form }: { form: FormApi }) {
  const ncm = useWatch({ control: form.control, name: 'ncm' });
  const semNcm = !NCM_REGEX.test(digitsOnly(ncm ?? ''));
  return (
    <FormSection
      title={MSG_NFE.dadosFiscais}
      description={MSG_NFE.dadosFiscaisDetalhe}
      icon={<Receipt size={18} />}
      testId="product-fiscal-section"
    >
      <div className={styles.grid}>
        <FormMaskedField
          form={form}
          name="ncm"
          label={MSG_NFE.ncm}
          mask={maskNcm}
          inputMode="numeric"
          placeholder="0000.00.00"
          autoComplete="off"
          hint={MSG_NFE.ncmAjuda}
        />
        <TextField
          label={MSG_NFE.cfop}
          inputMode="numeric"
          maxLength={4}
          placeholder="5102"
          autoComplete="off"
          hint={MSG_NFE.cfopAjuda}
          {...fieldProps(form, 'cfop')}
        />
      </div>
      {semNcm && (
        <p className={styles.warning} role="status" data-testid="product-sem-ncm">
          <TriangleAlert size={16} aria-hidden="true" />
          {MSG_NFE.semNcmAviso}
        </p>
      )}
    </FormSection>
  );
}
