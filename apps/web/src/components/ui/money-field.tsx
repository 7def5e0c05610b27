import { formatDecimalBR, maskCents, parseMoney, type Cents } from '@clinica/shared/money';
import { MSG } from '@clinica/shared/messages';
import { MAX_CENTS } from '@clinica/shared/schemas/money';
import { CircleCheck } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, type InputHTMLAttributes, type Ref } from 'react';
import { z } from 'zod';
import { FieldFrame } from './field-frame';
import styles from './money-field.module.css';
import { FieldFootnote, useFieldState, type FieldStatus } from './text-field';
import fieldStyles from './text-field.module.css';

/** The text of an amount as the field shows it: '1.234,56' (the 'R$' is drawn beside it). */
export const moneyText = (cents: Cents | null | undefined): string =>
  cents === null || cents === undefined ? '' : formatDecimalBR(cents);

const countDigits = (text: string) => text.replace(/\D/g, '').length;

/** What an edit did to the field's text: the new text, and whether an amount was put in at once (pasted). */
export interface MoneyEdit {
  text: string;
  pasted: boolean;
}

export interface MoneyEditOptions {
  /** The text the edit inserted, when the browser says (a paste, a drop, an input event's `data`). */
  inserted?: string | null | undefined;
  /** The Delete key (it deletes forward), not Backspace. */
  forward?: boolean | undefined;
}

/**
 * The field's text after an edit, the cents mask of Brazilian admin tools
 * (`maskCents`): `previous` is what the field showed, `raw` what the input
 * holds after the keystroke, paste or drop. Typed digits fill from the right
 * (8, 4, 9, 0 → '84,90'). Text put in at once (a paste, a drop, an autofill:
 * more than one character) is read as the amount it writes (`parseMoney`:
 * '1.500' → '1.500,00', '1500.5' → '1.500,50') and replaces the field; when
 * the browser does not say what was inserted, the whole new text is read.
 * Deleting a separator deletes the digit beside it, deleting down to zero
 * empties the field, and an edit past the largest amount, or text with no
 * amount in it, is refused (the previous text stays).
 */
export function editMoneyText(previous: string, raw: string, options: MoneyEditOptions = {}): MoneyEdit {
  const unchanged = { text: previous, pasted: false };
  const amount = (text: string): MoneyEdit => {
    const cents = parseMoney(text);
    if (cents === null || Math.abs(cents) > MAX_CENTS) return unchanged;
    return { text: formatDecimalBR(Math.abs(cents)), pasted: true };
  };
  if (options.inserted && options.inserted.length > 1) return amount(options.inserted);

  let start = 0;
  while (start < previous.length && start < raw.length && previous[start] === raw[start]) start++;
  let end = 0;
  while (
    end < previous.length - start &&
    end < raw.length - start &&
    previous[previous.length - 1 - end] === raw[raw.length - 1 - end]
  ) {
    end++;
  }
  const inserted = raw.slice(start, raw.length - end);
  const removed = previous.slice(start, previous.length - end);
  if (inserted.length > 1) return amount(raw);

  let digits = raw;
  if (inserted === '' && removed !== '' && countDigits(removed) === 0) {
    // Only a separator went: the digit next to it goes instead, or the key would do nothing.
    let at = -1;
    if (options.forward) {
      for (let i = start; i < raw.length && at === -1; i++) if (/\d/.test(raw[i]!)) at = i;
    } else {
      for (let i = start - 1; i >= 0 && at === -1; i--) if (/\d/.test(raw[i]!)) at = i;
    }
    if (at === -1) return unchanged;
    digits = raw.slice(0, at) + raw.slice(at + 1);
  }
  if (digits.replace(/\D/g, '').replace(/^0+/, '').length > String(MAX_CENTS).length) return unchanged;
  const text = maskCents(digits);
  // Deleting down to R$ 0,00 empties the field (so the required rule speaks, and Backspace never sticks at 0,00).
  if (inserted === '' && parseMoney(text) === 0) return { text: '', pasted: false };
  return { text, pasted: false };
}

/** Where the caret goes in `text` so that `digitsRight` digits stay to its right (as they were before the edit). */
export function caretFor(text: string, digitsRight: number): number {
  let position = text.length;
  let seen = 0;
  while (position > 0 && seen < digitsRight) {
    position--;
    if (/\d/.test(text[position]!)) seen++;
  }
  return position;
}

/** Puts the caret of a focused input where `digitsRight` digits of its text stay to its right. */
function placeCaret(node: HTMLInputElement, digitsRight: number) {
  if (node.ownerDocument.activeElement !== node) return;
  const at = caretFor(node.value, digitsRight);
  node.setSelectionRange(at, at);
}

/**
 * A required money field of a form (docs/behaviour/forms-and-validation.md#masks: price, discount value: 'O campo
 * não pode ficar vazio.'): the field's text in, integer cents out.
 */
export const moneyFieldSchema = (message: string = MSG.naoVazio) =>
  z
    .string()
    .trim()
    .min(1, message)
    .refine((v) => parseMoney(v) !== null, { error: message, abort: true })
    .refine((v) => (parseMoney(v) ?? 0) >= 0, { error: 'O valor não pode ser negativo.', abort: true })
    .refine((v) => (parseMoney(v) ?? 0) <= MAX_CENTS, { error: 'O valor é grande demais.' })
    .transform((v) => parseMoney(v) ?? 0);

export interface MoneyFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'defaultValue' | 'type' | 'size' | 'inputMode'
> {
  label: string;
  /** The text shown ('1.234,56'): always the exact amount that will be saved. */
  value: string;
  onChange: (text: string) => void;
  error?: string;
  status?: FieldStatus;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** How the mask works, read by screen readers with the field (and shown to no one else). */
export const MONEY_FIELD_INSTRUCTIONS = 'Digite só os números: os dois últimos são os centavos.';

/**
 * An amount in reais (docs/behaviour/forms-and-validation.md#masks) with the cents mask of Brazilian admin tools
 * (`editMoneyText`): 'R$' before the digits, typed digits fill from the right,
 * so the field always shows the exact amount it will save; a pasted amount is
 * read as written ('R$ 1.500,00', '1.500', '1500.5'). The numeric keyboard on
 * phones; the caret keeps its place among the digits. Use it with
 * react-hook-form's Controller and `moneyFieldSchema`.
 */
export function MoneyField({
  label,
  value,
  onChange,
  onBlur,
  error,
  status,
  hint,
  id,
  className,
  required,
  ref,
  ...inputProps
}: MoneyFieldProps) {
  const field = useFieldState({ id, status, error, hint });
  const { inputId, look, describedBy } = field;
  const instructionsId = `${inputId}-mascara`;
  const input = useRef<HTMLInputElement | null>(null);
  /** Digits to the right of the caret after the last edit, placed once the new text is rendered. */
  const pendingCaret = useRef<number | null>(null);

  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      input.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  /**
   * Applies an edit to the field. After an input event `node` holds the edited text; a paste or a drop is taken
   * over (`takenOver`: the input still holds the previous text, and `inserted` goes in place of its selection).
   * The caret keeps the digits to its right; after an amount put in at once it goes last.
   */
  const apply = (node: HTMLInputElement, options: MoneyEditOptions, takenOver = false) => {
    const raw = node.value;
    const to = node.selectionEnd ?? raw.length;
    const next = takenOver ? raw.slice(0, node.selectionStart ?? to) + (options.inserted ?? '') + raw.slice(to) : raw;
    const edit = editMoneyText(value, next, options);
    const digitsRight = edit.pasted ? 0 : countDigits(raw.slice(to));
    if (edit.text === value) {
      // Refused or no change: the input goes back to the text it showed, the caret where it was.
      node.value = value;
      placeCaret(node, Math.min(digitsRight, countDigits(value)));
      return;
    }
    pendingCaret.current = digitsRight;
    onChange(edit.text);
  };

  useLayoutEffect(() => {
    const node = input.current;
    if (node && pendingCaret.current !== null) placeCaret(node, pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  return (
    <FieldFrame
      inputId={inputId}
      label={label}
      look={look}
      classes={[look === 'valid' && fieldStyles.withEnd1, className]}
    >
      <div className={fieldStyles.control}>
        <span className={styles.prefix} aria-hidden="true">
          R$
        </span>
        <input
          ref={setRefs}
          id={inputId}
          className={`${fieldStyles.input} ${styles.input}`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0,00"
          aria-invalid={look === 'invalid' || undefined}
          aria-describedby={[describedBy, instructionsId].filter(Boolean).join(' ')}
          aria-required={required || undefined}
          {...inputProps}
          value={value}
          onChange={(e) => {
            const native = e.nativeEvent as Partial<InputEvent>;
            apply(e.target, {
              inserted: native.inputType?.startsWith('insert') ? native.data : undefined,
              forward: native.inputType === 'deleteContentForward',
            });
          }}
          onPaste={(e) => {
            e.preventDefault();
            apply(e.currentTarget, { inserted: e.clipboardData.getData('text') }, true);
          }}
          onDrop={(e) => {
            e.preventDefault();
            e.currentTarget.focus();
            apply(e.currentTarget, { inserted: e.dataTransfer.getData('text') }, true);
          }}
          onBlur={onBlur}
        />
        {look === 'valid' && (
          <span className={fieldStyles.adornments}>
            <span className={fieldStyles.check} data-testid="field-valid-icon" aria-hidden="true">
              <CircleCheck size={20} />
            </span>
          </span>
        )}
      </div>
      <span id={instructionsId} className="visually-hidden">
        {MONEY_FIELD_INSTRUCTIONS}
      </span>
      <FieldFootnote state={field} error={error} hint={hint} />
    </FieldFrame>
  );
}
