import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldStatus, TextField } from './text-field';

const MESSAGE = 'O campo tem que ter 3 ou mais caracteres.';

function NameForm() {
  const { register, formState, getFieldState } = useForm({
    resolver: zodResolver(z.object({ nome: z.string().min(3, MESSAGE) })),
    mode: 'all',
    defaultValues: { nome: '' },
  });
  return (
    <TextField
      label="Nome"
      {...register('nome')}
      error={formState.errors.nome?.message}
      status={fieldStatus(getFieldState('nome', formState), formState.isSubmitted)}
    />
  );
}

const field = () => screen.getByLabelText('Nome').closest('[data-status]') as HTMLElement;

describe('TextField validation look', () => {
  afterEach(cleanup);

  it('shows nothing before the first interaction', () => {
    render(<NameForm />);
    expect(field().dataset.status).toBe('idle');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('field-valid-icon')).toBeNull();
  });

  it('invalid after typing: red state, aria-invalid and the message', async () => {
    render(<NameForm />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Jo' } });
    await waitFor(() => expect(field().dataset.status).toBe('invalid'));
    expect(field().className).toContain('invalid');
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGE);
    expect(screen.queryByTestId('field-valid-icon')).toBeNull();
  });

  it('valid after fixing: green check, amber-border class, no message', async () => {
    render(<NameForm />);
    const input = screen.getByLabelText('Nome');
    fireEvent.change(input, { target: { value: 'Jo' } });
    await waitFor(() => expect(field().dataset.status).toBe('invalid'));
    fireEvent.change(input, { target: { value: 'Joana' } });
    await waitFor(() => expect(field().dataset.status).toBe('valid'));
    expect(field().className).toContain('valid');
    expect(screen.getByTestId('field-valid-icon')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('an empty field touched and left becomes invalid', async () => {
    render(<NameForm />);
    const input = screen.getByLabelText('Nome');
    fireEvent.focus(input);
    fireEvent.blur(input);
    await waitFor(() => expect(field().dataset.status).toBe('invalid'));
  });
});
