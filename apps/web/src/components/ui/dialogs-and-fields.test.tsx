import { maskCep } from '@clinica/shared/masks';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MaskedField } from './masked-field';
import { PasswordField } from './password-field';
import { ResultDialog } from './result-dialog';

describe('ResultDialog', () => {
  afterEach(cleanup);

  it('shows "Sucesso!" or "Erro!" with the message and closes only with OK', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <ResultDialog open type="success" message="Cadastro efetuado com sucesso!" onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Sucesso!' });
    expect(dialog.textContent).toContain('Cadastro efetuado com sucesso!');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(<ResultDialog open type="error" message="Falhou" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Erro!' })).toBeTruthy();
  });
});

describe('PasswordField', () => {
  afterEach(cleanup);

  it('toggles between hidden and visible', () => {
    render(<PasswordField label="Senha" defaultValue="segredo" />);
    const input = screen.getByLabelText('Senha') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(input.type).toBe('password');
  });
});

describe('MaskedField', () => {
  afterEach(cleanup);

  it('formats what is typed with its mask', () => {
    function Cep() {
      const [value, setValue] = useState('');
      return <MaskedField label="CEP" mask={maskCep} value={value} onChange={setValue} />;
    }
    render(<Cep />);
    const input = screen.getByLabelText('CEP') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '01310100' } });
    expect(input.value).toBe('01310-100');
    fireEvent.change(input, { target: { value: '01310-1009' } });
    expect(input.value).toBe('01310-100');
  });
});
