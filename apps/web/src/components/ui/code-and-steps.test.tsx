import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';
import { StepIndicator } from './step-indicator';
import { formatCountdown, useCountdown } from './use-countdown';

function Code({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('');
  return <CodeInput value={value} onChange={setValue} onComplete={onComplete} />;
}

describe('CodeInput', () => {
  afterEach(cleanup);

  it('is one labelled numeric one-time-code input', () => {
    render(<Code onComplete={() => {}} />);
    const input = screen.getByLabelText('Código de verificação') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.maxLength).toBe(6);
  });

  it('keeps digits only and submits once on the 6th digit', () => {
    const onComplete = vi.fn();
    render(<Code onComplete={onComplete} />);
    const input = screen.getByLabelText('Código de verificação') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a3' } });
    expect(input.value).toBe('123');
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '12345' } });
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '123456' } });
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('takes a pasted code with spaces or a dash', () => {
    const onComplete = vi.fn();
    render(<Code onComplete={onComplete} />);
    const input = screen.getByLabelText('Código de verificação') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '987 654' } });
    expect(input.value).toBe('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
  });

  it('shows the error of a refused code', () => {
    render(<CodeInput value="111111" onChange={() => {}} status="invalid" error="Código incorreto." />);
    expect(screen.getByRole('alert').textContent).toContain('Código incorreto.');
    expect(screen.getByLabelText('Código de verificação').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('useCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('formats mm:ss', () => {
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('counts down from start and stops at zero', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current.running).toBe(false);
    act(() => result.current.start(75));
    expect(result.current.label).toBe('01:15');
    act(() => vi.advanceTimersByTime(15_000));
    expect(result.current.label).toBe('01:00');
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.running).toBe(false);
    expect(result.current.remaining).toBe(0);
    act(() => result.current.start(75));
    expect(result.current.remaining).toBe(75);
  });
});

describe('StepIndicator', () => {
  afterEach(cleanup);

  it('marks the current step and names the list', () => {
    render(<StepIndicator steps={['Documento', 'Seus dados', 'Endereço']} current={1} label="Etapas do cadastro" />);
    const list = screen.getByRole('list', { name: 'Etapas do cadastro' });
    const items = list.querySelectorAll('li');
    expect(items[0]?.dataset.state).toBe('done');
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items[2]?.dataset.state).toBe('upcoming');
  });
});
