import { Eraser, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { SelectField, type SelectOption } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import styles from './record-list.module.css';

export interface ListFiltersFormProps {
  /** 'Nome' or 'Descrição'. */
  textLabel: string;
  texto: string;
  /** An optional second filter (category type, discount status). */
  tipo?: { label: string; value: string; options: readonly SelectOption[] };
  onApply: (values: { texto: string; tipo: string }) => void;
  onClear: () => void;
}

/** The filters of a record list: a text (contains) and, for some tabs, a choice; applied with 'Filtrar'. */
export function ListFiltersForm({ textLabel, texto, tipo, onApply, onClear }: ListFiltersFormProps) {
  const [text, setText] = useState(texto);
  const [choice, setChoice] = useState(tipo?.value ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ texto: text.trim(), tipo: choice });
  };
  const filtered = Boolean(texto || tipo?.value);

  return (
    <form
      className={styles.filters}
      onSubmit={submit}
      role="search"
      aria-label={`Filtrar por ${textLabel.toLowerCase()}`}
    >
      <TextField
        label={textLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={100}
        placeholder={`Buscar por ${textLabel.toLowerCase()}`}
        className={styles.filterText}
        autoComplete="off"
      />
      {tipo && (
        <SelectField
          label={tipo.label}
          options={tipo.options}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className={styles.filterChoice}
        />
      )}
      <div className={styles.filterButtons}>
        <Button type="submit" variant="secondary">
          <Search size={16} aria-hidden="true" />
          Filtrar
        </Button>
        {filtered && (
          <Button variant="ghost" onClick={onClear}>
            <Eraser size={16} aria-hidden="true" />
            Limpar
          </Button>
        )}
      </div>
    </form>
  );
}
