import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createStaticPix, hasError, parsePix } from 'pix-utils';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../../db/test-databases.js';
import { sandboxCartoes, sandboxPagamentos } from '../../modules/checkout/pagamento.table.js';
import { CartaoInvalidoError, CobrancaRecusadaError, type PagamentoProvedor } from './payment-provider.js';
import { createSandboxPaymentProvider, type SandboxPayments } from './sandbox.js';
import { VALIDADE_TOKEN_DIAS } from './sandbox-cartao.js';
import { PixJaPagoError, PixNaoEncontradoError, PixNaoPagavelError } from './sandbox-pix.js';

/**
 * CRC-16/CCITT-FALSE written here, independently of pix-utils, so the
 * library's output is checked against docs/integrations.md#pix-br-code and not against itself.
 */
function crc16CcittFalse(texto: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(texto, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMV TLV fields in order (ID(2) LEN(2) VALUE); throws on a malformed string. */
function campos(texto: string): [string, string][] {
  const lista: [string, string][] = [];
  let i = 0;
  while (i < texto.length) {
    const id = texto.slice(i, i + 2);
    const tamanho = texto.slice(i + 2, i + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(tamanho)) throw new Error(`campo malformado em ${i}`);
    const valor = texto.slice(i + 4, i + 4 + Number(tamanho));
    if (valor.length !== Number(tamanho)) throw new Error(`campo ${id} curto`);
    lista.push([id, valor]);
    i += 4 + Number(tamanho);
  }
  return lista;
}

const campo = (texto: string, id: string): string | undefined => campos(texto).find(([c]) => c === id)?.[1];

/** Rewrites a BR Code with a replaced field and a correct CRC (what a forger would do). */
function forjar(codigo: string, id: string, valor: string): string {
  const semCrc = campos(codigo)
    .filter(([c]) => c !== '63')
    .map(([c, v]) => (c === id ? [c, valor] : [c, v]))
    .map(([c, v]) => `${c}${String(v!.length).padStart(2, '0')}${v}`)
    .join('');
  const base = `${semCrc}6304`;
  return `${base}${crc16CcittFalse(base)}`;
}

const CARTOES = {
  master: '5031433215406351',
  visa: '4235647728025682',
  amex: '375365153556885',
  elo: '5067766783888311',
  diners: '30569309025904',
} as const;

const CHAVE_PIX = 'financeiro@clinicasorrisopleno.com.br';
const INICIO = new Date('2026-03-10T15:00:00.000Z');
const CONHECIDO =
  '00020126360014br.gov.bcb.pix0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62070503***630452B5';

describe('CRC-16/CCITT-FALSE de referência', () => {
  it('confere com o valor de verificação e com o BR Code conhecido de docs/integrations.md', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse(CONHECIDO.slice(0, -4))).toBe('52B5');
    expect(hasError(parsePix(CONHECIDO))).toBe(false);
    expect(hasError(parsePix(CONHECIDO.replace('66.66', '66.67')))).toBe(true);
  });
});

describe.each(testDatabaseTargets())('provedor de pagamentos sandbox (%s)', (kind) => {
  let database: TestDatabase;
  let agora: Date;
  let sandbox: SandboxPayments;
  let seq = 0;
  const chave = () => `teste-${kind}-${++seq}`;
  const avancar = (ms: number) => (agora = new Date(agora.getTime() + ms));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    sandbox = createSandboxPaymentProvider(database.db, {
      recebedorNome: 'Clínica Sorriso Pleno Odontologia Ltda',
      recebedorCidade: 'São José dos Campos',
      chavePix: CHAVE_PIX,
      clock: () => agora,
    });
  });
  afterAll(() => database?.dispose());
  beforeEach(() => {
    agora = INICIO;
  });

  const corpo = (over: Partial<Parameters<SandboxPayments['tokenizar']>[0]> = {}) => ({
    cardNumber: CARTOES.visa,
    cardholderName: 'APRO',
    cardExpirationMonth: '11',
    cardExpirationYear: '2030',
    securityCode: '123',
    identificationType: 'CPF' as const,
    identificationNumber: '12345678909',
    ...over,
  });

  async function cobrar(titular = 'APRO', over: { chave?: string; token?: string; valorCents?: number } = {}) {
    const token = over.token ?? (await sandbox.tokenizar(corpo({ cardholderName: titular }))).id;
    return sandbox.cobrarCartao({
      token,
      paymentMethodId: 'visa',
      valorCents: over.valorCents ?? 12_345,
      descricao: 'Pedido 1 - Clínica Sorriso Pleno',
      email: 'cliente@clinica.com.br',
      documento: { tipo: 'CPF', numero: '12345678909' },
      referencia: '1',
      chaveIdempotencia: over.chave ?? chave(),
    });
  }

  const pix = (over: { chave?: string; valorCents?: number; expiraEm?: Date; referencia?: string } = {}) =>
    sandbox.criarPix({
      valorCents: over.valorCents ?? 6_666,
      descricao: 'Pedido 123 - Clínica Sorriso Pleno',
      email: 'cliente@clinica.com.br',
      documento: { tipo: 'CPF', numero: '52998224725' },
      referencia: over.referencia ?? '123',
      chaveIdempotencia: over.chave ?? chave(),
      expiraEm: over.expiraEm ?? new Date(agora.getTime() + 10 * 60_000),
    });

  const erroDe = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: unknown) => e,
    );

  describe('bandeira pelo BIN (getPaymentMethods)', () => {
    it('reconhece os cartões de teste do Mercado Pago', () => {
      for (const [bandeira, numero] of Object.entries(CARTOES)) {
        const [metodo, ...resto] = sandbox.metodos(numero.slice(0, 8));
        expect(resto).toEqual([]);
        expect(metodo).toMatchObject({ id: bandeira, payment_type_id: 'credit_card' });
        expect(metodo?.status).toBe(bandeira === 'diners' ? 'deactive' : 'active');
        expect(metodo?.issuer.name).toBeTruthy();
      }
      expect(sandbox.metodos('503143')[0]?.id).toBe('master');
      expect(sandbox.metodos('60628212')[0]).toMatchObject({ id: 'hipercard', status: 'active' });
      expect(sandbox.metodos('22210001')[0]?.id).toBe('master');
      expect(sandbox.metodos('45763100')[0]?.id).toBe('elo');
      expect(sandbox.metodos('41111111')[0]?.id).toBe('visa');
    });

    it('BIN desconhecido ou malformado dá lista vazia', () => {
      expect(sandbox.metodos('99999999')).toEqual([]);
      expect(sandbox.metodos('35301113')).toEqual([]);
      expect(sandbox.metodos('123')).toEqual([]);
      expect(sandbox.metodos('abcdefgh')).toEqual([]);
    });
  });

  describe('tokenização (createCardToken)', () => {
    it('devolve um token aleatório com os dados que o Mercado Pago devolve', async () => {
      const token = await sandbox.tokenizar(corpo({ cardholderName: '  Maria   da Silva ' }));
      expect(token).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        first_six_digits: '423564',
        last_four_digits: '5682',
        payment_method_id: 'visa',
        expiration_month: 11,
        expiration_year: 2030,
        cardholder: { name: 'Maria da Silva' },
      });
      const [linha] = await database.db.select().from(sandboxCartoes).where(eq(sandboxCartoes.token, token.id));
      expect(linha).toMatchObject({ titular: 'Maria da Silva', documento: '12345678909', usadoEm: null });
      expect(linha?.expiraEm.getTime()).toBe(INICIO.getTime() + VALIDADE_TOKEN_DIAS * 24 * 60 * 60_000);
      const outro = await sandbox.tokenizar(corpo());
      expect(outro.id).not.toBe(token.id);
    });

    it('recusa número que falha no Luhn, bandeira desconhecida e tamanho errado', async () => {
      const luhn = await erroDe(sandbox.tokenizar(corpo({ cardNumber: '4235647728025683' })));
      expect(luhn).toBeInstanceOf(CartaoInvalidoError);
      expect((luhn as Error).message).toBe('número do cartão inválido');
      const jcb = await erroDe(sandbox.tokenizar(corpo({ cardNumber: '3530111333300000' })));
      expect(jcb).toBeInstanceOf(CartaoInvalidoError);
      expect((jcb as Error).message).toBe('bandeira do cartão não reconhecida');
      // Luhn-valid, but an Amex has 15 digits.
      expect(await erroDe(sandbox.tokenizar(corpo({ cardNumber: '3753651535568805', securityCode: '1234' })))).toEqual(
        new CartaoInvalidoError('número do cartão inválido'),
      );
    });

    it('recusa cartão vencido; o mês corrente ainda vale', async () => {
      const vencido = await erroDe(sandbox.tokenizar(corpo({ cardExpirationMonth: '02', cardExpirationYear: '2026' })));
      expect(vencido).toBeInstanceOf(CartaoInvalidoError);
      expect((vencido as Error).message).toBe('cartão vencido');
      const anoPassado = await erroDe(
        sandbox.tokenizar(corpo({ cardExpirationMonth: '12', cardExpirationYear: '2025' })),
      );
      expect(anoPassado).toBeInstanceOf(CartaoInvalidoError);
      await expect(
        sandbox.tokenizar(corpo({ cardExpirationMonth: '03', cardExpirationYear: '2026' })),
      ).resolves.toMatchObject({ expiration_month: 3 });
      expect(await erroDe(sandbox.tokenizar(corpo({ cardExpirationYear: '2099' })))).toBeInstanceOf(
        CartaoInvalidoError,
      );
    });

    it('exige CVC de 3 dígitos, e de 4 no Amex', async () => {
      expect(await erroDe(sandbox.tokenizar(corpo({ securityCode: '1234' })))).toEqual(
        new CartaoInvalidoError('código de segurança inválido'),
      );
      expect(await erroDe(sandbox.tokenizar(corpo({ securityCode: '12' })))).toBeInstanceOf(CartaoInvalidoError);
      expect(await erroDe(sandbox.tokenizar(corpo({ cardNumber: CARTOES.amex, securityCode: '123' })))).toBeInstanceOf(
        CartaoInvalidoError,
      );
      await expect(sandbox.tokenizar(corpo({ cardNumber: CARTOES.amex, securityCode: '1234' }))).resolves.toMatchObject(
        {
          payment_method_id: 'amex',
          first_six_digits: '375365',
          last_four_digits: '6885',
        },
      );
    });

    it('recusa documento inválido e aceita CNPJ alfanumérico', async () => {
      expect(await erroDe(sandbox.tokenizar(corpo({ identificationNumber: '12345678900' })))).toEqual(
        new CartaoInvalidoError('documento do titular inválido'),
      );
      expect(
        await erroDe(sandbox.tokenizar(corpo({ identificationType: 'CNPJ', identificationNumber: '12345678909' }))),
      ).toBeInstanceOf(CartaoInvalidoError);
      await expect(
        sandbox.tokenizar(corpo({ identificationType: 'CNPJ', identificationNumber: '12abc34501de35' })),
      ).resolves.toBeTruthy();
    });

    it('não guarda o número nem o CVC em lugar nenhum', async () => {
      const numero = CARTOES.amex;
      const cvc = '8573';
      const token = await sandbox.tokenizar(corpo({ cardNumber: numero, securityCode: cvc, cardholderName: 'APRO' }));
      await sandbox.cobrarCartao({
        token: token.id,
        paymentMethodId: 'amex',
        valorCents: 100,
        descricao: 'Pedido 9',
        email: 'cliente@clinica.com.br',
        documento: null,
        referencia: '9',
        chaveIdempotencia: chave(),
      });
      const cartoes = await database.raw<Record<string, unknown>>('SELECT * FROM sandbox_cartoes');
      const pagamentos = await database.raw<Record<string, unknown>>('SELECT * FROM sandbox_pagamentos');
      const despejo = JSON.stringify([cartoes, pagamentos]);
      expect(despejo).toContain('375365');
      expect(despejo).not.toContain(numero);
      expect(despejo).not.toContain(numero.slice(0, 12));
      // Random tokens and timestamps could contain four digits by chance; every other value must not.
      const valores = [...cartoes, ...pagamentos].flatMap((linha) =>
        Object.entries(linha)
          .filter(([coluna, valor]) => coluna !== 'token' && coluna !== 'id' && !(valor instanceof Date))
          .map(([, valor]) => String(valor)),
      );
      expect(valores.filter((v) => v.includes(cvc))).toEqual([]);
      expect(Object.keys(cartoes[0] ?? {}).sort()).toEqual(
        [
          'created_at',
          'documento',
          'expira_em',
          'payment_method_id',
          'primeiros_seis',
          'titular',
          'token',
          'ultimos_quatro',
          'usado_em',
        ].sort(),
      );
    });
  });

  describe('cobrança no cartão', () => {
    const casos: [string, PagamentoProvedor['status'], string][] = [
      ['APRO', 'approved', 'accredited'],
      ['CONT', 'pending', 'pending_contingency'],
      ['CALL', 'rejected', 'cc_rejected_call_for_authorize'],
      ['FUND', 'rejected', 'cc_rejected_insufficient_amount'],
      ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code'],
      ['EXPI', 'rejected', 'cc_rejected_bad_filled_date'],
      ['FORM', 'rejected', 'cc_rejected_bad_filled_other'],
      ['OTHE', 'rejected', 'cc_rejected_other_reason'],
      ['othe da silva', 'rejected', 'cc_rejected_other_reason'],
      ['Apro Teste', 'approved', 'accredited'],
      // A real name approves, so a visitor of the demo store can buy with their own name.
      ['João Pereira', 'approved', 'accredited'],
    ];

    it.each(casos)('titular %s → %s (%s)', async (titular, status, detalhe) => {
      const pago = await cobrar(titular);
      expect(pago).toMatchObject({
        providerId: expect.stringMatching(/^sbx-/),
        tipo: 'credit',
        status,
        statusDetalhe: detalhe,
        valorCents: 12_345,
        referencia: '1',
        paymentMethodId: 'visa',
        lastFour: '5682',
        pix: null,
      });
      expect(pago.aprovadoEm).toEqual(status === 'approved' ? INICIO : null);
      expect(await sandbox.consultar(pago.providerId)).toEqual(pago);
    });

    it('cada token cobra uma vez só, mesmo recusado', async () => {
      const { id } = await sandbox.tokenizar(corpo({ cardholderName: 'FUND' }));
      expect((await cobrar('', { token: id })).status).toBe('rejected');
      const erro = await erroDe(cobrar('', { token: id }));
      expect(erro).toBeInstanceOf(CartaoInvalidoError);
      expect((erro as Error).message).toBe('token de cartão já utilizado');
    });

    it('recusa token forjado, vazio ou expirado sem criar pagamento', async () => {
      const chaves = [chave(), chave(), chave(), chave()];
      for (const [i, token] of [crypto.randomBytes(16).toString('hex'), '', 'APRO'].entries()) {
        expect(await erroDe(cobrar('APRO', { token, chave: chaves[i]! }))).toBeInstanceOf(CartaoInvalidoError);
      }
      const { id } = await sandbox.tokenizar(corpo());
      avancar(VALIDADE_TOKEN_DIAS * 24 * 60 * 60_000);
      const expirado = await erroDe(cobrar('', { token: id, chave: chaves[3]! }));
      expect(expirado).toEqual(new CartaoInvalidoError('token de cartão expirado'));
      const criados = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxPagamentos)
        .where(sql`${sandboxPagamentos.chave} IN (${sql.join(chaves, sql`, `)})`);
      expect(criados[0]?.n).toBe(0);
    });

    it('a mesma chave de idempotência devolve o mesmo pagamento, também em paralelo', async () => {
      const k = chave();
      const { id: gasto } = await sandbox.tokenizar(corpo());
      const primeiro = await cobrar('', { chave: k, token: gasto });
      // Repeat with the same (now spent) token, and with another one: same payment, no second charge.
      const { id: outroToken } = await sandbox.tokenizar(corpo());
      expect(await cobrar('', { chave: k, token: gasto })).toEqual(primeiro);
      expect(await cobrar('', { chave: k, token: outroToken })).toEqual(primeiro);
      const [restante] = await database.db.select().from(sandboxCartoes).where(eq(sandboxCartoes.token, outroToken));
      expect(restante?.usadoEm).toBeNull();

      const k2 = chave();
      const { id } = await sandbox.tokenizar(corpo());
      const paralelos = await Promise.all([cobrar('', { chave: k2, token: id }), cobrar('', { chave: k2, token: id })]);
      expect(paralelos[0].providerId).toBe(paralelos[1].providerId);
      const linhas = await database.db.select().from(sandboxPagamentos).where(eq(sandboxPagamentos.chave, k2));
      expect(linhas).toHaveLength(1);
    });

    it('bandeira diferente da do token é recusada e não gasta o token', async () => {
      const { id } = await sandbox.tokenizar(corpo());
      const erro = await erroDe(
        sandbox.cobrarCartao({
          token: id,
          paymentMethodId: 'master',
          valorCents: 100,
          descricao: 'Pedido 2',
          email: 'cliente@clinica.com.br',
          documento: null,
          referencia: '2',
          chaveIdempotencia: chave(),
        }),
      );
      expect(erro).toBeInstanceOf(CobrancaRecusadaError);
      expect((await cobrar('', { token: id })).status).toBe('approved');
    });

    it('bandeira reconhecida mas não aceita (Diners) é recusada na cobrança', async () => {
      const token = await sandbox.tokenizar(corpo({ cardNumber: CARTOES.diners }));
      expect(token.payment_method_id).toBe('diners');
      const erro = await erroDe(
        sandbox.cobrarCartao({
          token: token.id,
          paymentMethodId: 'diners',
          valorCents: 100,
          descricao: 'Pedido 3',
          email: 'cliente@clinica.com.br',
          documento: null,
          referencia: '3',
          chaveIdempotencia: chave(),
        }),
      );
      expect(erro).toEqual(new CobrancaRecusadaError('bandeira do cartão não aceita'));
    });

    it('recusa valor zero ou fracionário', async () => {
      expect(await erroDe(cobrar('APRO', { valorCents: 0 }))).toBeInstanceOf(CobrancaRecusadaError);
      expect(await erroDe(cobrar('APRO', { valorCents: 10.5 }))).toBeInstanceOf(CobrancaRecusadaError);
    });
  });

  describe('PIX', () => {
    it('gera um BR Code válido campo a campo, com CRC conferido à parte', async () => {
      const cobranca = await pix();
      expect(cobranca).toMatchObject({
        providerId: expect.stringMatching(/^sbx-/),
        tipo: 'pix',
        status: 'pending',
        statusDetalhe: 'pending_waiting_transfer',
        valorCents: 6_666,
        referencia: '123',
        paymentMethodId: 'pix',
        lastFour: null,
        aprovadoEm: null,
      });
      const codigo = cobranca.pix!.qrCode;
      const lista = campos(codigo);
      expect(lista.map(([id]) => id)).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
      expect(campo(codigo, '00')).toBe('01');
      const conta = campos(campo(codigo, '26')!);
      expect(conta).toEqual([
        ['00', 'br.gov.bcb.pix'],
        ['01', CHAVE_PIX],
        ['02', 'PEDIDO 123'],
      ]);
      expect(campo(codigo, '52')).toBe('0000');
      expect(campo(codigo, '53')).toBe('986');
      expect(campo(codigo, '54')).toBe('66.66');
      expect(campo(codigo, '58')).toBe('BR');
      expect(campo(codigo, '59')).toBe('CLINICA SORRISO PLENO ODO');
      expect(campo(codigo, '60')).toBe('SAO JOSE DOS CA');
      const adicionais = campos(campo(codigo, '62')!);
      expect(adicionais).toHaveLength(1);
      expect(adicionais[0]?.[0]).toBe('05');
      expect(adicionais[0]?.[1]).toMatch(/^[A-Za-z0-9]{25}$/);
      expect(codigo.slice(-8, -4)).toBe('6304');
      expect(codigo.slice(-4)).toBe(crc16CcittFalse(codigo.slice(0, -4)));
      expect(hasError(parsePix(codigo))).toBe(false);
    });

    it('o QR é um PNG em base64 sem prefixo data:', async () => {
      const { pix: dados } = await pix();
      const base64 = dados!.qrCodeBase64;
      expect(base64.startsWith('data:')).toBe(false);
      expect(base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const png = Buffer.from(base64, 'base64');
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
      expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(200);
    });

    it('os pixels do QR são a matriz do código: escuro onde o módulo é 1, claro na margem', async () => {
      const { pix: dados } = await pix();
      const { data, info } = await sharp(Buffer.from(dados!.qrCodeBase64, 'base64'))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const qr = QRCode.create(dados!.qrCode, { errorCorrectionLevel: 'M' });
      const modulos = qr.modules.size;
      const escala = info.width / (modulos + 4); // margem de 2 módulos de cada lado
      const pixel = (linha: number, coluna: number) =>
        data[Math.floor((linha + 2.5) * escala) * info.width + Math.floor((coluna + 2.5) * escala)]!;
      let errados = 0;
      for (let l = 0; l < modulos; l++) {
        for (let c = 0; c < modulos; c++) {
          if (pixel(l, c) < 128 !== Boolean(qr.modules.get(l, c))) errados++;
        }
      }
      expect(errados).toBe(0);
      expect(data[0]).toBe(255); // a margem (canto) é clara
      expect(info.width).toBe(info.height);
    });

    it('txid único por cobrança; a mesma chave devolve a mesma cobrança', async () => {
      const k = chave();
      const a = await pix({ chave: k });
      const b = await pix({ chave: k, valorCents: 1 });
      expect(b).toEqual(a);
      const c = await pix();
      expect(c.providerId).not.toBe(a.providerId);
      expect(campo(c.pix!.qrCode, '62')).not.toBe(campo(a.pix!.qrCode, '62'));
      const [x, y] = await Promise.all([
        pix({ chave: 'pix-paralelo-' + kind }),
        pix({ chave: 'pix-paralelo-' + kind }),
      ]);
      expect(x.providerId).toBe(y.providerId);
    });

    it('a mesma chave devolve a cobrança já feita mesmo que a expiração pedida agora seja recusada', async () => {
      const k = chave();
      const a = await pix({ chave: k });
      agora = new Date(INICIO.getTime() + 20 * 60_000);
      expect(await pix({ chave: k, expiraEm: new Date(INICIO.getTime() + 10 * 60_000) })).toEqual(a);
      expect(await erroDe(pix({ expiraEm: new Date(INICIO.getTime() + 10 * 60_000) }))).toBeInstanceOf(
        CobrancaRecusadaError,
      );
    });

    it('recusa valor inválido e expiração no passado ou além de 30 dias', async () => {
      expect(await erroDe(pix({ valorCents: 0 }))).toBeInstanceOf(CobrancaRecusadaError);
      expect(await erroDe(pix({ expiraEm: new Date(agora.getTime() - 1) }))).toBeInstanceOf(CobrancaRecusadaError);
      expect(await erroDe(pix({ expiraEm: new Date(agora.getTime() + 31 * 86_400_000) }))).toBeInstanceOf(
        CobrancaRecusadaError,
      );
    });

    it('consultarPix lê o código colado (com quebras de linha) e só aceita os nossos', async () => {
      const cobranca = await pix({ referencia: '77' });
      const codigo = cobranca.pix!.qrCode;
      const colado = `  ${codigo.match(/.{1,40}/g)!.join('\r\n')}\n `;
      const achado = await sandbox.consultarPix(colado);
      expect(achado).toEqual({
        pagamento: cobranca,
        txid: campos(campo(codigo, '62')!)[0]![1],
        recebedor: 'CLINICA SORRISO PLENO ODO',
        cidade: 'SAO JOSE DOS CA',
        expiraEm: new Date(INICIO.getTime() + 10 * 60_000),
      });

      // Another amount with a recomputed CRC, a broken CRC, another key with our txid, rubbish.
      expect(await sandbox.consultarPix(forjar(codigo, '54', '0.01'))).toBeNull();
      expect(await sandbox.consultarPix(`${codigo.slice(0, -4)}0000`)).toBeNull();
      const txid = achado!.txid;
      const alheio = createStaticPix({
        merchantName: 'CLINICA SORRISO PLENO ODO',
        merchantCity: 'SAO JOSE DOS CA',
        pixKey: 'outra@chave.com.br',
        transactionAmount: 66.66,
        txid,
      });
      if (hasError(alheio)) throw new Error(alheio.message);
      expect(await sandbox.consultarPix(alheio.toBRCode())).toBeNull();
      expect(await sandbox.consultarPix('isto não é um código pix')).toBeNull();
      expect(await sandbox.consultarPix(CONHECIDO)).toBeNull();
      expect(await erroDe(sandbox.pagarPix(CONHECIDO))).toBeInstanceOf(PixNaoEncontradoError);
    });

    it('dois bancos pagando ao mesmo tempo: paga uma vez só', async () => {
      const cobranca = await pix();
      avancar(60_000);
      const resultados = await Promise.allSettled([
        sandbox.pagarPix(cobranca.pix!.qrCode),
        sandbox.pagarPix(cobranca.pix!.qrCode),
      ]);
      const pagos = resultados.filter((r) => r.status === 'fulfilled');
      const recusados = resultados.filter((r) => r.status === 'rejected');
      expect(pagos).toHaveLength(1);
      expect(recusados).toHaveLength(1);
      expect((recusados[0] as PromiseRejectedResult).reason).toBeInstanceOf(PixJaPagoError);
      const pago = (pagos[0] as PromiseFulfilledResult<PagamentoProvedor>).value;
      expect(pago).toMatchObject({ status: 'approved', statusDetalhe: 'accredited', aprovadoEm: agora });
      expect(await sandbox.consultar(cobranca.providerId)).toEqual(pago);
      expect(await erroDe(sandbox.pagarPix(cobranca.pix!.qrCode))).toBeInstanceOf(PixJaPagoError);
    });

    it('vencido não é pago, continua pendente na consulta e se cancela como expired', async () => {
      const cobranca = await pix();
      avancar(10 * 60_000);
      expect(await erroDe(sandbox.pagarPix(cobranca.pix!.qrCode))).toBeInstanceOf(PixNaoPagavelError);
      expect((await sandbox.consultar(cobranca.providerId))?.status).toBe('pending');
      const cancelado = await sandbox.cancelar(cobranca.providerId);
      expect(cancelado).toMatchObject({ status: 'cancelled', statusDetalhe: 'expired' });
      expect(cancelado?.pix?.qrCode).toBe(cobranca.pix!.qrCode);
    });

    it('cancelado antes de vencer: by_collector, e não se paga mais', async () => {
      const cobranca = await pix();
      const cancelado = await sandbox.cancelar(cobranca.providerId);
      expect(cancelado).toMatchObject({ status: 'cancelled', statusDetalhe: 'by_collector' });
      avancar(1_000);
      expect(await sandbox.cancelar(cobranca.providerId)).toEqual(cancelado);
      expect(await erroDe(sandbox.pagarPix(cobranca.pix!.qrCode))).toBeInstanceOf(PixNaoPagavelError);
    });
  });

  describe('cancelar e estornar', () => {
    it('cancelar só muda pendentes; aprovado e recusado voltam como estão', async () => {
      const aprovado = await cobrar('APRO');
      expect(await sandbox.cancelar(aprovado.providerId)).toEqual(aprovado);
      const recusado = await cobrar('OTHE');
      expect(await sandbox.cancelar(recusado.providerId)).toEqual(recusado);
      const pendente = await cobrar('CONT');
      expect(await sandbox.cancelar(pendente.providerId)).toMatchObject({
        status: 'cancelled',
        statusDetalhe: 'by_collector',
      });
      expect(await sandbox.cancelar('sbx-nao-existe')).toBeNull();
      expect(await sandbox.consultar('sbx-nao-existe')).toBeNull();
    });

    it('estornar só muda aprovados', async () => {
      const aprovado = await cobrar('APRO');
      const estornado = await sandbox.estornar(aprovado.providerId);
      expect(estornado).toMatchObject({ status: 'refunded', statusDetalhe: 'refunded', aprovadoEm: INICIO });
      expect(await sandbox.estornar(aprovado.providerId)).toEqual(estornado);
      const pendente = await cobrar('CONT');
      expect(await sandbox.estornar(pendente.providerId)).toEqual(pendente);
      const recusado = await cobrar('CALL');
      expect(await sandbox.estornar(recusado.providerId)).toEqual(recusado);
      expect(await sandbox.estornar('sbx-nao-existe')).toBeNull();

      const cobranca = await pix();
      const pago = await sandbox.pagarPix(cobranca.pix!.qrCode);
      expect((await sandbox.estornar(pago.providerId))?.status).toBe('refunded');
      expect(await erroDe(sandbox.pagarPix(cobranca.pix!.qrCode))).toBeInstanceOf(PixJaPagoError);
      const pendentePix = await pix();
      expect(await sandbox.estornar(pendentePix.providerId)).toEqual(pendentePix);
    });
  });
});
