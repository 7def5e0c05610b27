import { centsToDecimalString } from '@clinica/shared/money';
import { z } from 'zod';
import type { DadosNota } from '../../modules/nota-fiscal/nota-fiscal.dados.js';
import { NotaIndisponivelError, type InvoiceProvider, type NotaProvedor } from './invoice-provider.js';

export interface NfeioOptions {
  apiKey: string;
  companyId: string;
  /** NFE.io's product-invoice API (NFEIO_API_URL; tests point it at a local fake server). */
  baseUrl: string;
  timeoutMs: number;
}

/** NFE.io's product invoice as GET and POST answer it (the fields we read). */
const notaSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  flowStatus: z.string().nullish(),
  flowMessage: z.string().nullish(),
  number: z.number().int().nullish(),
  serie: z.number().int().nullish(),
  /** The access key: at the top of the invoice in some answers, inside `authorization` in others. */
  accessKey: z.string().nullish(),
  authorization: z.object({ accessKey: z.string().nullish(), receiptOn: z.string().nullish() }).nullish(),
});
type NotaNfeio = z.infer<typeof notaSchema>;

const erroSchema = z.object({
  message: z.string().optional(),
  errors: z.array(z.object({ message: z.string() })).optional(),
});

const FALHAS = new Set(['IssueDenied', 'IssueFailed', 'Error', 'Denied', 'Rejected']);

/** NFE.io's answer in our terms: issued (authorised by SEFAZ), refused with SEFAZ's reason, or still processing. */
function paraNota(n: NotaNfeio): NotaProvedor {
  const base = { providerId: n.id, numero: null, serie: null, chaveAcesso: null, motivo: null, emitidaEm: null };
  const chave = n.authorization?.accessKey ?? n.accessKey ?? null;
  if ((n.status === 'Issued' || n.flowStatus === 'Issued') && chave && n.number != null) {
    return {
      ...base,
      status: 'emitida',
      numero: n.number,
      serie: n.serie ?? null,
      chaveAcesso: chave,
      emitidaEm: n.authorization?.receiptOn ? new Date(n.authorization.receiptOn) : new Date(),
    };
  }
  if (FALHAS.has(n.status ?? '') || FALHAS.has(n.flowStatus ?? '')) {
    return { ...base, status: 'rejeitada', motivo: n.flowMessage?.trim() || 'Nota fiscal rejeitada pela SEFAZ.' };
  }
  return { ...base, status: 'processando' };
}

const PROCESSANDO: NotaProvedor = {
  status: 'processando',
  providerId: null,
  numero: null,
  serie: null,
  chaveAcesso: null,
  motivo: null,
  emitidaEm: null,
};

/** The invoice id at the end of a Location header ('/v2/companies/{company}/productinvoices/{id}'). */
function idDoLocation(location: string | null): string | null {
  if (!location) return null;
  const id = /\/productinvoices\/([^/?#]+)\/?(?:[?#].*)?$/.exec(location)?.[1];
  return id ? decodeURIComponent(id) : null;
}

const reais = (cents: number) => Number(centsToDecimalString(cents));

/** The body of POST /v2/companies/{companyId}/productinvoices (docs/integrations.md#nf-e). */
function corpoNfeio(d: DadosNota) {
  const b = d.destinatario;
  return {
    externalId: d.referencia,
    operationNature: d.naturezaOperacao,
    buyer: {
      name: b.nome,
      federalTaxNumber: Number(b.documento.numero) || b.documento.numero,
      email: b.email ?? undefined,
      stateTaxNumber: b.inscricaoEstadual ?? undefined,
      stateTaxNumberIndicator: b.inscricaoEstadual ? 'TaxPayer' : 'NonTaxPayer',
      address: {
        country: 'BRA',
        postalCode: b.endereco.cep,
        street: b.endereco.logradouro,
        number: b.endereco.numero,
        additionalInformation: b.endereco.complemento ?? undefined,
        district: b.endereco.bairro,
        city: { code: String(b.endereco.codigoMunicipio), name: b.endereco.municipio },
        state: b.endereco.uf,
      },
    },
    items: d.itens.map((i) => ({
      code: i.codigo,
      description: i.descricao,
      ncm: i.ncm,
      cfop: Number(i.cfop),
      unit: i.unidade,
      quantity: i.quantidade,
      unitAmount: reais(i.valorUnitario),
      totalAmount: reais(i.valorBruto),
      discountAmount: reais(i.desconto),
    })),
    transport: { freightModality: 'ByIssuer', freightAmount: reais(d.frete) },
    // infCpl: the buyer's CRO of a professional-use sale (ADR 037); NFE.io's SDK names it additionalInformation.taxpayer.
    ...(d.informacoesComplementares ? { additionalInformation: { taxpayer: d.informacoesComplementares } } : {}),
    totals: {
      productAmount: reais(d.valorProdutos),
      discountAmount: reais(d.desconto),
      freightAmount: reais(d.frete),
      invoiceAmount: reais(d.total),
    },
  };
}

/**
 * NFE.io's product invoices (NF-e model 55; INVOICE_PROVIDER=nfeio, ADR 031). NFE.io's Node SDK (`nfe-io` 3.x) only
 * covers service invoices (NFS-e), so this speaks its product-invoice REST API with fetch, as mercadopago.ts does:
 * the API key in `Authorization`, one deadline per call. Issuing answers at once with the invoice processing; SEFAZ's
 * answer comes through `consultar` (the job reads it again) or NFE.io's webhook.
 */
export function createNfeioInvoiceProvider(options: NfeioOptions): InvoiceProvider {
  const root = `${options.baseUrl.replace(/\/+$/, '')}/v2/companies/${encodeURIComponent(options.companyId)}/productinvoices`;

  async function chamar(metodo: 'GET' | 'POST', caminho: string, operacao: string, corpo?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${root}${caminho}`, {
        method: metodo,
        headers: {
          // As NFE.io's own Node SDK sends it: HTTP Basic with the key alone (docs/integrations.md#nf-e).
          authorization: `Basic ${Buffer.from(options.apiKey).toString('base64')}`,
          accept: 'application/json',
          ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new NotaIndisponivelError(`NFE.io não respondeu (${operacao})`, { cause: err });
    }
    let bruto: Buffer;
    try {
      bruto = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw new NotaIndisponivelError(`NFE.io não respondeu (${operacao})`, { cause: err });
    }
    return { res, bruto };
  }

  const json = (bruto: Buffer): unknown => {
    try {
      const texto = bruto.toString('utf8');
      return texto.trim() === '' ? undefined : JSON.parse(texto);
    } catch {
      return undefined;
    }
  };

  function lerNota(corpo: unknown, operacao: string): NotaProvedor {
    const n = notaSchema.safeParse(corpo);
    if (!n.success) throw new NotaIndisponivelError(`A nota da NFE.io não tem o formato esperado (${operacao})`);
    return paraNota(n.data);
  }

  return {
    kind: 'nfeio',
    async emitir({ dados }) {
      const { res, bruto } = await chamar('POST', '', 'emitir', corpoNfeio(dados));
      const corpo = json(bruto);
      // 202: queued for SEFAZ, with the invoice's address in Location and no body; read it again later.
      const enfileirada = res.status === 202 ? idDoLocation(res.headers.get('location')) : null;
      if (enfileirada && corpo === undefined) {
        return { ...PROCESSANDO, providerId: enfileirada };
      }
      if (res.ok) return lerNota(corpo, 'emitir');
      if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 429) {
        throw new NotaIndisponivelError(`NFE.io respondeu HTTP ${res.status} (emitir)`);
      }
      // 400/409/422: the invoice is refused for good, with its reasons.
      const erro = erroSchema.safeParse(corpo);
      const motivo = erro.success
        ? [erro.data.message, ...(erro.data.errors ?? []).map((e) => e.message)].filter(Boolean).join(' ')
        : '';
      return {
        status: 'rejeitada',
        providerId: null,
        numero: null,
        serie: null,
        chaveAcesso: null,
        motivo: motivo || `NFE.io recusou a nota (HTTP ${res.status}).`,
        emitidaEm: null,
      };
    },
    async consultar(providerId) {
      const { res, bruto } = await chamar('GET', `/${encodeURIComponent(providerId)}`, 'consultar');
      if (res.status === 404) return null;
      if (!res.ok) throw new NotaIndisponivelError(`NFE.io respondeu HTTP ${res.status} (consultar)`);
      return lerNota(json(bruto), 'consultar');
    },
    async documento(providerId, tipo) {
      const { res, bruto } = await chamar('GET', `/${encodeURIComponent(providerId)}/${tipo}`, `baixar ${tipo}`);
      if (!res.ok) throw new NotaIndisponivelError(`NFE.io respondeu HTTP ${res.status} (baixar ${tipo})`);
      // NFE.io answers the file's address ({ uri }) or the file itself.
      const corpo = res.headers.get('content-type')?.includes('json') ? json(bruto) : undefined;
      const uri = z.object({ uri: z.string().url() }).safeParse(corpo);
      if (!uri.success) return bruto;
      try {
        const arquivo = await fetch(uri.data.uri, { signal: AbortSignal.timeout(options.timeoutMs) });
        if (!arquivo.ok) throw new Error(`HTTP ${arquivo.status}`);
        return Buffer.from(await arquivo.arrayBuffer());
      } catch (err) {
        throw new NotaIndisponivelError(`NFE.io não entregou o ${tipo}`, { cause: err });
      }
    },
  };
}
