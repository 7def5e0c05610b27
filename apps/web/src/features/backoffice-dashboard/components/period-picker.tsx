import { hojeNaClinica } from '@clinica/shared/clinic-day';
import { CalendarRange } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { customPeriodError, PRESETS, type Period } from '../period';
import styles from './period-picker.module.css';

export interface PeriodPickerProps {
  period: Period;
  /** The days of the period shown (the custom fields start from them). */
  days: { dataInicio: string; dataFim: string };
  onChange: (period: Period) => void;
}

/**
 * The period: the last 7, 30 or 90 days, or chosen start and end days.
 * Rendered with a key per period, so going back in history resets it.
 */
export function PeriodPicker({ period, days, onChange }: PeriodPickerProps) {
  const formId = useId();
  const [custom, setCustom] = useState(period.kind === 'custom');
  const [inicio, setInicio] = useState(days.dataInicio);
  const [fim, setFim] = useState(days.dataFim);
  const [error, setError] = useState<string | null>(null);
  const hoje = hojeNaClinica();

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const problem = customPeriodError(inicio, fim);
    setError(problem);
    if (!problem) onChange({ kind: 'custom', dataInicio: inicio, dataFim: fim });
  };

  return (
    <div className={styles.picker}>
      <div className={styles.presets} role="group" aria-label="Período">
        {PRESETS.map((dias) => (
          <button
            key={dias}
            type="button"
            className={styles.preset}
            aria-pressed={!custom && period.kind === 'preset' && period.dias === dias}
            onClick={() => {
              setCustom(false);
              setError(null);
              onChange({ kind: 'preset', dias });
            }}
          >
            {dias} dias
          </button>
        ))}
        <button
          type="button"
          className={styles.preset}
          aria-pressed={custom}
          aria-expanded={custom}
          aria-controls={formId}
          onClick={() => setCustom(true)}
        >
          <CalendarRange size={16} aria-hidden="true" />
          Personalizado
        </button>
      </div>
      {custom && (
        <form id={formId} className={styles.custom} onSubmit={apply} noValidate aria-label="Período personalizado">
          <TextField
            type="date"
            label="Data de início"
            value={inicio}
            max={hoje}
            onChange={(e) => setInicio(e.target.value)}
            error={error && !inicio ? error : undefined}
          />
          <TextField
            type="date"
            label="Data de fim"
            value={fim}
            max={hoje}
            onChange={(e) => setFim(e.target.value)}
            error={error && inicio ? error : undefined}
          />
          <Button type="submit" variant="secondary">
            Aplicar
          </Button>
        </form>
      )}
    </div>
  );
}
