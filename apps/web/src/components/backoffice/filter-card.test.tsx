import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../ui/text-field';
import { FilterCard, useFilterForm } from './filter-card';

const schema = z.object({ nome: z.string().trim().max(5, { error: 'Use no máximo 5 caracteres.' }) });
type Form = z.input<typeof schema>;
const EMPTY: Form = { nome: '' };

/** A list screen in miniature: the applied filter is the screen's state (the address, in the app). */
function Screen({ initial = EMPTY, collapsible = true }: { initial?: Form; collapsible?: boolean }) {
  const [applied, setApplied] = useState(initial);
  const { form, bind, clear } = useFilterForm(schema, applied, EMPTY, () => setApplied(EMPTY));
  return (
    <>
      <FilterCard
        label="Filtrar coisas"
        applied={applied.nome ? 1 : 0}
        onSubmit={form.handleSubmit((values) => setApplied(values))}
        onClear={clear}
        collapsible={collapsible}
      >
        <TextField label="Nome" {...bind('nome')} />
      </FilterCard>
      <p data-testid="applied">{applied.nome}</p>
      <button type="button" onClick={() => setApplied({ nome: 'Ana' })}>
        De fora
      </button>
    </>
  );
}

describe('FilterCard', () => {
  afterEach(cleanup);

  it('folds the fields under "Filtros" (closed without filters) and opens and closes them', () => {
    render(<Screen />);
    const toggle = screen.getByRole('button', { name: 'Filtros' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const fields = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(fields?.contains(screen.getByLabelText('Nome'))).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('starts open with the count of the applied filters', () => {
    render(<Screen initial={{ nome: 'Ana' }} />);
    const toggle = screen.getByRole('button', { name: /^Filtros/ });
    expect(toggle.textContent).toBe('Filtros1');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('Nome')).toHaveProperty('value', 'Ana');
  });

  it('applies on "Filtrar" once the form is valid, follows the filters changed from outside and clears on "Limpar"', async () => {
    render(<Screen />);
    const nome = screen.getByLabelText('Nome');
    fireEvent.change(nome, { target: { value: 'Mariana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Use no máximo 5 caracteres.')).toBeTruthy();
    expect(screen.getByTestId('applied')).toHaveProperty('textContent', '');

    fireEvent.change(nome, { target: { value: ' Bia ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await vi.waitFor(() => expect(screen.getByTestId('applied')).toHaveProperty('textContent', 'Bia'));

    fireEvent.click(screen.getByRole('button', { name: 'De fora' }));
    await vi.waitFor(() => expect(nome).toHaveProperty('value', 'Ana'));

    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    await vi.waitFor(() => expect(nome).toHaveProperty('value', ''));
    expect(screen.getByTestId('applied')).toHaveProperty('textContent', '');
  });

  it('without the fold, the fields are always there', () => {
    render(<Screen collapsible={false} />);
    expect(screen.queryByRole('button', { name: 'Filtros' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Filtrar coisas' })!.contains(screen.getByLabelText('Nome'))).toBe(true);
  });
});
