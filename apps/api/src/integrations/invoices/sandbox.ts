import { randomInt } from 'node:crypto';
import { chaveAcesso } from '@clinica/shared/nfe';
import type { InvoiceProvider, NotaProvedor } from './invoice-provider.js';

/** The sandbox's series (ADR 031). */
const SERIE_SANDBOX = 1;

/** 'AAMM' of an instant, in the clinic's calendar (America/Sao_Paulo). */
function anoMes(d: Date): string {
  const partes = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: '2-digit', month: '2-digit' })
    .formatToParts(d)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${partes.year}${partes.month}`;
}

/**
 * The offline invoicing sandbox (INVOICE_PROVIDER=sandbox, demo mode only): authorises at once, numbering with our
 * invoice row's id in series 1, with an access key built by the rule (packages/shared/src/nfe.ts) from the clinic's
 * CNPJ and state. It keeps nothing: the store draws the DANFE ('SEM VALOR FISCAL') and the XML from the stored data.
 */
export function createSandboxInvoiceProvider(): InvoiceProvider {
  return {
    kind: 'sandbox',
    async emitir({ dados, idNota, agora }): Promise<NotaProvedor> {
      const chave = chaveAcesso({
        codigoUf: dados.emitente.codigoUf,
        anoMes: anoMes(agora),
        cnpj: dados.emitente.cnpj,
        serie: SERIE_SANDBOX,
        numero: idNota,
        codigoNumerico: randomInt(0, 100_000_000),
      });
      return {
        status: 'emitida',
        providerId: `sandbox-${chave}`,
        numero: idNota,
        serie: SERIE_SANDBOX,
        chaveAcesso: chave,
        motivo: null,
        emitidaEm: agora,
      };
    },
    async consultar() {
      // Nothing is ever left processing in the sandbox.
      return null;
    },
    async documento() {
      return null;
    },
  };
}
