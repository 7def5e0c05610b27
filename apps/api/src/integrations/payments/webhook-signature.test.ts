import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  assinarWebhookMercadoPago,
  manifestoMercadoPago,
  verificarAssinaturaMercadoPago,
  type VerificacaoAssinatura,
} from './webhook-signature.js';

const SECRET = 'segredo-do-webhook-de-teste';
const REQUEST_ID = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';
const TS = 1_704_908_010; // 2024-01-10T17:33:30Z, in seconds
const AGORA = new Date(TS * 1000 + 20_000);

function verificar(parcial: Partial<VerificacaoAssinatura>) {
  return verificarAssinaturaMercadoPago({
    xSignature: undefined,
    xRequestId: REQUEST_ID,
    dataId: '123456',
    secret: SECRET,
    agora: AGORA,
    toleranciaSegundos: 300,
    ...parcial,
  });
}

const hex = (manifesto: string, secret = SECRET) => crypto.createHmac('sha256', secret).update(manifesto).digest('hex');

describe('verificarAssinaturaMercadoPago', () => {
  it('accepts a known vector computed by hand from the documented manifest', () => {
    const manifesto = `id:123456;request-id:${REQUEST_ID};ts:${TS};`;
    const cabecalho = `ts=${TS},v1=${hex(manifesto)}`;

    expect(manifestoMercadoPago({ dataId: '123456', xRequestId: REQUEST_ID, ts: String(TS) })).toBe(manifesto);
    expect(assinarWebhookMercadoPago({ dataId: '123456', xRequestId: REQUEST_ID, ts: TS, secret: SECRET })).toBe(
      cabecalho,
    );
    expect(verificar({ xSignature: cabecalho })).toEqual({ ok: true });
  });

  it('accepts the header with spaces, in any order, and as a repeated-header array', () => {
    const v1 = hex(`id:123456;request-id:${REQUEST_ID};ts:${TS};`);
    expect(verificar({ xSignature: ` v1 = ${v1} ,  ts = ${TS} ` })).toEqual({ ok: true });
    expect(verificar({ xSignature: `ts=${TS},v1=${v1.toUpperCase()}` })).toEqual({ ok: true });
    expect(verificar({ xSignature: [`ts=${TS},v1=${v1}`], dataId: ['123456'] })).toEqual({ ok: true });
  });

  it('refuses a signature made with another secret or over other data', () => {
    const boa = assinarWebhookMercadoPago({ dataId: '123456', xRequestId: REQUEST_ID, ts: TS, secret: SECRET });
    const outroSegredo = assinarWebhookMercadoPago({ dataId: '123456', xRequestId: REQUEST_ID, ts: TS, secret: 'x' });

    expect(verificar({ xSignature: outroSegredo })).toEqual({ ok: false, motivo: 'invalida' });
    expect(verificar({ xSignature: boa, dataId: '123457' })).toEqual({ ok: false, motivo: 'invalida' });
    expect(verificar({ xSignature: boa, xRequestId: 'outro-request' })).toEqual({ ok: false, motivo: 'invalida' });
    // The ts is part of the manifest: moving it breaks the signature.
    expect(verificar({ xSignature: boa.replace(`ts=${TS}`, `ts=${TS + 1}`) })).toEqual({
      ok: false,
      motivo: 'invalida',
    });
  });

  it('says a missing header is missing', () => {
    for (const xSignature of [undefined, null, '', '   ', []]) {
      expect(verificar({ xSignature })).toEqual({ ok: false, motivo: 'ausente' });
    }
  });

  it('says an unreadable header is malformed', () => {
    const v1 = hex(`id:123456;request-id:${REQUEST_ID};ts:${TS};`);
    for (const xSignature of [
      'assinatura',
      `ts=${TS}`,
      `v1=${v1}`,
      `ts=,v1=${v1}`,
      `ts=agora,v1=${v1}`,
      `ts=${TS},v1=${v1.slice(0, 63)}`,
      `ts=${TS},v1=${'z'.repeat(64)}`,
      `ts=${TS},v1=${v1},v1=${v1}`,
      `ts=-${TS},v1=${v1}`,
    ]) {
      expect(verificar({ xSignature }), xSignature).toEqual({ ok: false, motivo: 'malformada' });
    }
  });

  it('refuses a stale timestamp in seconds and in milliseconds', () => {
    const agora = new Date(TS * 1000);
    const em = (ts: number) =>
      assinarWebhookMercadoPago({ dataId: '123456', xRequestId: REQUEST_ID, ts, secret: SECRET });

    expect(verificar({ agora, xSignature: em(TS - 301) })).toEqual({ ok: false, motivo: 'antiga' });
    expect(verificar({ agora, xSignature: em(TS * 1000 - 301_000) })).toEqual({ ok: false, motivo: 'antiga' });
    expect(verificar({ agora, xSignature: em(TS - 299) })).toEqual({ ok: true });
    expect(verificar({ agora, xSignature: em(TS * 1000 - 299_000) })).toEqual({ ok: true });
  });

  it('refuses a timestamp too far in the future, tolerating a skewed clock', () => {
    const agora = new Date(TS * 1000);
    const em = (ts: number) =>
      assinarWebhookMercadoPago({ dataId: '123456', xRequestId: REQUEST_ID, ts, secret: SECRET });

    expect(verificar({ agora, xSignature: em(TS + 301) })).toEqual({ ok: false, motivo: 'antiga' });
    expect(verificar({ agora, xSignature: em(TS * 1000 + 301_000) })).toEqual({ ok: false, motivo: 'antiga' });
    expect(verificar({ agora, xSignature: em(TS + 30) })).toEqual({ ok: true });
  });

  it('checks the signature before the age: a forged old notification is invalid, not stale', () => {
    const forjada = `ts=${TS - 10_000},v1=${'a'.repeat(64)}`;
    expect(verificar({ xSignature: forjada })).toEqual({ ok: false, motivo: 'invalida' });
  });

  it('lower-cases an alphanumeric data.id in the manifest, and only an alphanumeric one', () => {
    const minusculo = `ts=${TS},v1=${hex(`id:abc123def;request-id:${REQUEST_ID};ts:${TS};`)}`;
    expect(verificar({ xSignature: minusculo, dataId: 'ABC123def' })).toEqual({ ok: true });
    expect(manifestoMercadoPago({ dataId: 'ABC123def', ts: '1' })).toBe('id:abc123def;ts:1;');

    // Not alphanumeric: signed as it comes.
    expect(manifestoMercadoPago({ dataId: 'ABC-123', ts: '1' })).toBe('id:ABC-123;ts:1;');
    const comHifen = `ts=${TS},v1=${hex(`id:abc-123;request-id:${REQUEST_ID};ts:${TS};`)}`;
    expect(verificar({ xSignature: comHifen, dataId: 'ABC-123' })).toEqual({ ok: false, motivo: 'invalida' });
  });

  it('leaves a missing x-request-id or data.id out of the manifest', () => {
    const semRequest = `ts=${TS},v1=${hex(`id:123456;ts:${TS};`)}`;
    expect(verificar({ xSignature: semRequest, xRequestId: undefined })).toEqual({ ok: true });
    expect(verificar({ xSignature: semRequest, xRequestId: '' })).toEqual({ ok: true });
    expect(verificar({ xSignature: semRequest })).toEqual({ ok: false, motivo: 'invalida' });
    expect(assinarWebhookMercadoPago({ dataId: '123456', ts: TS, secret: SECRET })).toBe(semRequest);

    const soTs = `ts=${TS},v1=${hex(`ts:${TS};`)}`;
    expect(verificar({ xSignature: soTs, xRequestId: null, dataId: undefined })).toEqual({ ok: true });
  });
});
