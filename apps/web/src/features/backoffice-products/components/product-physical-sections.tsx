import { ClipboardList, Plus, Ruler } from 'lucide-react';
import { fieldProps } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { FormSection } from './form-section';
import sectionStyles from './form-section.module.css';
import { ProductStockFields } from './product-stock-fields';
import { RemoveButton, RowText, useRows, type FormApi } from './product-form-rows';
import rowStyles from './product-form-rows.module.css';
import styles from './product-form.module.css';

/** What only a physical product has: its stock fields, 'Medidas e peso' (for the freight) and 'Ficha técnica'. */
export function ProductPhysicalSections({ form, mode }: { form: FormApi; mode: 'new' | 'edit' }) {
  return (
    <>
      <ProductStockFields form={form} mode={mode} />
      <FormSection title="Medidas e peso" description="Usados no cálculo do frete." icon={<Ruler size={18} />}>
        <div className={styles.grid4}>
          <DimensionField form={form} name="altura" label="Altura (cm)" />
          <DimensionField form={form} name="largura" label="Largura (cm)" />
          <DimensionField form={form} name="comprimento" label="Comprimento (cm)" />
          <DimensionField form={form} name="peso" label="Peso (kg)" />
        </div>
      </FormSection>
      <FormSection
        title="Ficha técnica"
        description="Características mostradas na página do produto."
        icon={<ClipboardList size={18} />}
      >
        <TechnicalSheetField form={form} />
      </FormSection>
    </>
  );
}

function DimensionField({
  form,
  name,
  label,
}: {
  form: FormApi;
  name: 'altura' | 'largura' | 'comprimento' | 'peso';
  label: string;
}) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0"
      placeholder="0,00"
      required
      {...fieldProps(form, name)}
    />
  );
}

/** The technical sheet of a physical product: description and value on every row. */
function TechnicalSheetField({ form }: { form: FormApi }) {
  const { rows, append, remove } = useRows(form, 'fichaTecnica');
  // The two fields of a row are checked together ('Preencha todos os campos da ficha técnica').
  const checkRow = (i: number) => {
    const names = [`fichaTecnica.${i}.descricao`, `fichaTecnica.${i}.valor`] as const;
    void form.trigger(names);
  };
  return (
    <div className={rowStyles.rows}>
      {rows.length === 0 && <p className={sectionStyles.sectionText}>Nenhuma característica.</p>}
      {rows.map((_, i) => (
        <div key={i} className={rowStyles.sheetRow}>
          <RowText
            form={form}
            name={`fichaTecnica.${i}.descricao`}
            label={`Característica ${i + 1}`}
            placeholder="Ex.: Cor"
            maxLength={100}
            onValue={() => checkRow(i)}
          />
          <RowText
            form={form}
            name={`fichaTecnica.${i}.valor`}
            label={`Valor ${i + 1}`}
            placeholder="Ex.: A2"
            maxLength={255}
            onValue={() => checkRow(i)}
          />
          <RemoveButton label={`Remover característica ${i + 1}`} onClick={() => remove(i)} />
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        onClick={() => append({ descricao: '', valor: '' }, `fichaTecnica.${rows.length}.descricao`)}
      >
        <Plus size={16} aria-hidden="true" />
        Adicionar característica
      </Button>
    </div>
  );
}
