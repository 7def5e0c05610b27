import { formatBRL, formatDecimalBR, parseMoney } from '@clinica/shared/money';
import { MSG } from '@clinica/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  caretFor,
  editMoneyText,
  MONEY_FIELD_INSTRUCTIONS,
  MoneyField,
  moneyFieldSchema,
  moneyText,
} from './money-field';

/** Types `keys` one at a time into the field's text, as the input event hands each keystroke to the mask. */
const typeDigits = (keys: string, from = '') =>
  [...keys].reduce((shown, key) => editMoneyText(shown, shown + key).text, from);

describe('money field: the cents mask (digits fill from the right, the field shows what is saved)', () => {
  it('typing 8, 4, 9, 0 shows 84,90; typing never reads a lone dot as decimals', () => {
    expect(typeDigits('8490')).toBe('84,90');
    expect(typeDigits('1500')).toBe('15,00');
    expect(typeDigits('150000')).toBe('1.500,00');
    // A comma or dot typed among the digits is ignored: the digits decide.
    expect(typeDigits('84,90')).toBe('84,90');
    expect(typeDigits('1.500,00')).toBe('1.500,00');
    expect(typeDigits('abc')).toBe('');
    expect(typeDigits('05')).toBe('0,05');
  });

  it('a pasted amount is read as written: 1.500 is R$ 1.500,00, never R$ 1,50', () => {
    for (const [pasted, shown] of [
      ['1.500', '1.500,00'],
      ['1.500,00', '1.500,00'],
      ['R$ 1.500,00', '1.500,00'],
      ['1500.5', '1.500,50'],
      ['1500', '1.500,00'],
      ['84,90', '84,90'],
      [' R$ 12.345.678,90 ', '12.345.678,90'],
      ['-10', '10,00'],
    ] as const) {
      expect(editMoneyText('', pasted), pasted).toEqual({ text: shown, pasted: true });
      // Pasted over what was there (the browser says what was inserted), the amount replaces it.
      expect(editMoneyText('4.890,00', `4.890,00${pasted}`, { inserted: pasted }).text, pasted).toBe(shown);
    }
    // Set at once with no word of what was inserted (an autofill): the whole text is read, '4.990' over '4.890,00'
    // included (it shares '4.' and '0' with it, so no diff could tell what was typed).
    expect(editMoneyText('4.890,00', '4.990').text).toBe('4.990,00');
    // Nothing to read, or more than the database holds: the field keeps its text.
    expect(editMoneyText('84,90', '84,90abc', { inserted: 'abc' }).text).toBe('84,90');
    expect(editMoneyText('84,90', '99999999999999', { inserted: '99999999999999' }).text).toBe('84,90');
  });

  it('Backspace and Delete: a separator takes its digit with it; down to zero the field empties', () => {
    // '84,|90' Backspace removes the comma in the input: the 4 goes instead.
    expect(editMoneyText('84,90', '8490')).toEqual({ text: '8,90', pasted: false });
    // '84|,90' Delete: the 9 goes.
    expect(editMoneyText('84,90', '8490', { forward: true })).toEqual({ text: '8,40', pasted: false });
    expect(editMoneyText('84,90', '84,9')).toEqual({ text: '8,49', pasted: false });
    expect(editMoneyText('0,05', '0,0')).toEqual({ text: '', pasted: false });
    expect(editMoneyText('0,00', '0,0')).toEqual({ text: '', pasted: false });
    expect(editMoneyText('1.500,00', '')).toEqual({ text: '', pasted: false });
    // A digit typed over a selection starts again from it.
    expect(editMoneyText('84,90', '5')).toEqual({ text: '0,05', pasted: false });
    // Past twelve digits (the largest amount, R$ 9.999.999.999,99) a keystroke is refused.
    expect(editMoneyText('9.999.999.999,99', '9.999.999.999,991').text).toBe('9.999.999.999,99');
  });

  it('the caret keeps the digits to its right', () => {
    expect(caretFor('84,90', 0)).toBe(5);
    expect(caretFor('84,90', 2)).toBe(3);
    expect(caretFor('1.234,56', 5)).toBe(2);
    expect(caretFor('0,05', 9)).toBe(0);
  });

  it('property: typing the digits of any amount shows it formatted, and what it shows is what is saved', () => {
    const schema = moneyFieldSchema();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), (cents) => {
        const shown = typeDigits(String(cents));
        expect(shown).toBe(formatDecimalBR(cents));
        expect(schema.parse(shown)).toBe(cents);
        // Pasting the formatted amount (with or without R$) gives the same text.
        expect(editMoneyText('', formatBRL(cents)).text).toBe(shown);
        expect(parseMoney(shown)).toBe(cents);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads the text as integer cents; empty says the required message', () => {
    const schema = moneyFieldSchema();
    expect(schema.parse('1.234,56')).toBe(123456);
    expect(schema.parse('1.500')).toBe(150000);
    expect(schema.parse('0,10')).toBe(10);
    expect(schema.safeParse('').error?.issues[0]?.message).toBe(MSG.naoVazio);
    expect(schema.safeParse('.,').error?.issues[0]?.message).toBe(MSG.naoVazio);
    expect(schema.safeParse('99999999999999').success).toBe(false);
    expect(moneyText(123456)).toBe('1.234,56');
    expect(moneyText(null)).toBe('');
  });
});

const formSchema = z.object({ preco: moneyFieldSchema() });

/** The field in a react-hook-form form, as the product form and the discount form use it. */
function PriceForm({ onSave, initial = '' }: { onSave: (cents: number) => void; initial?: string }) {
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { preco: initial },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ preco }) => onSave(preco))}>
      <Controller
        name="preco"
        control={form.control}
        render={({ field, fieldState }) => (
          <MoneyField
            label="Preço"
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('<MoneyField> with react-hook-form', () => {
  afterEach(cleanup);
  const setup = (initial?: string) => {
    const saved: number[] = [];
    render(<PriceForm onSave={(cents) => saved.push(cents)} {...(initial ? { initial } : {})} />);
    const input = screen.getByLabelText('Preço') as HTMLInputElement;
    return { saved, input, user: userEvent.setup() };
  };

  it('shows each keystroke as the amount it will save, and saves exactly that', async () => {
    const { saved, input, user } = setup();
    expect(input.inputMode).toBe('numeric');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    const instructions = document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(instructions?.textContent).toBe(MONEY_FIELD_INSTRUCTIONS);
    const shown: string[] = [];
    for (const key of '8490') {
      await user.type(input, key);
      shown.push(input.value);
    }
    expect(shown).toEqual(['0,08', '0,84', '8,49', '84,90']);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(saved).toEqual([8490]);
  });

  it('a pasted 1.500 is R$ 1.500,00 on screen and in the form', async () => {
    const { saved, input, user } = setup();
    await user.click(input);
    await user.paste('1.500');
    expect(input.value).toBe('1.500,00');
    // Pasted over the whole text, the new amount replaces it.
    input.setSelectionRange(0, input.value.length);
    await user.paste('R$ 1.500,00');
    expect(input.value).toBe('1.500,00');
    input.setSelectionRange(0, input.value.length);
    await user.paste('1500.5');
    expect(input.value).toBe('1.500,50');
    input.setSelectionRange(0, input.value.length);
    await user.paste('1.500');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(saved).toEqual([150000]);
  });

  it('Backspace takes the last digit; the caret stays among the digits it was in', async () => {
    const { saved, input, user } = setup('84,90');
    await user.click(input);
    await user.keyboard('{End}{Backspace}');
    expect(input.value).toBe('8,49');
    // Caret before the last two digits ('8,|49'): a typed 1 goes there.
    input.setSelectionRange(2, 2);
    await user.keyboard('1');
    expect(input.value).toBe('81,49');
    expect(input.selectionStart).toBe(3);
    await user.keyboard('{Backspace}{Backspace}');
    expect(input.value).toBe('0,49');
    await user.clear(input);
    expect(input.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.naoVazio)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
