let seq = 0;

/**
 * A valid CPF (check digits computed) unique to this test process: each test file runs on its own database
 * (README, testes), so unique within the process is enough. `preenchimento` pads the short numbers of the start.
 */
export function novoCpf(preenchimento = '1'): string {
  const base = String((process.pid * 1000 + ++seq) % 1_000_000_000).padStart(9, preenchimento);
  const digito = (d: string) => {
    const soma = [...d].reduce((s, c, i) => s + Number(c) * (d.length + 1 - i), 0);
    const r = (soma * 10) % 11;
    return String(r === 10 ? 0 : r);
  };
  const d1 = digito(base);
  return base + d1 + digito(base + d1);
}
