import { bearer, createUser, type TestApp } from './harness.js';

let seq = 0;

/**
 * A valid CPF (check digits computed) unique to this test process: each test file runs on its own database
 * (README, testes), so unique within the process is enough. `preenchimento` pads the short numbers of the start.
 */
function novoCpf(preenchimento = '1'): string {
  const base = String((process.pid * 1000 + ++seq) % 1_000_000_000).padStart(9, preenchimento);
  const digito = (d: string) => {
    const soma = [...d].reduce((s, c, i) => s + Number(c) * (d.length + 1 - i), 0);
    const r = (soma * 10) % 11;
    return String(r === 10 ? 0 : r);
  };
  const d1 = digito(base);
  return base + d1 + digito(base + d1);
}

let clientes = 0;

/**
 * A new customer (CLIENTE with a unique e-mail and CPF) signed in on `t`: its ids, its bearer token and the headers
 * that carry it. `prefixo` names the test file in the e-mail.
 */
export async function novoCliente(t: TestApp, prefixo: string, preenchimento?: string) {
  const email = `${prefixo}-${process.pid}-${++clientes}@exemplo.com.br`;
  const { id, idCliente } = await createUser(t.database, {
    email,
    password: 'senha123',
    permissao: 'CLIENTE',
    cpf: novoCpf(preenchimento),
  });
  const token = await t.issueToken({ id, permissao: 'CLIENTE', idCliente });
  return { email, idUsuario: id, idCliente: idCliente!, token, headers: bearer(token) };
}
