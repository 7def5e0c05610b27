import { useState } from 'react';
import styles from './star-input.module.css';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8L12 2.5z';

export interface StarInputProps {
  /** 0 while nothing is chosen, else 1 to 5. */
  value: number;
  onChange: (nota: number) => void;
  label: string;
}

/** Five radio buttons drawn as stars (a whole note from 1 to 5, docs/behaviour/catalogue-and-search.md#reviews); hover previews the note. */
export function StarInput({ value, onChange, label }: StarInputProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div className={styles.group} role="radiogroup" aria-label={label} onMouseLeave={() => setHover(0)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className={styles.star} onMouseEnter={() => setHover(n)} data-on={n <= shown}>
          <input
            type="radio"
            name="nota"
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="visually-hidden"
            aria-label={n === 1 ? '1 estrela' : `${n} estrelas`}
          />
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={STAR} />
          </svg>
        </label>
      ))}
    </div>
  );
}
