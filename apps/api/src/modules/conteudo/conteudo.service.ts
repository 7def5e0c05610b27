import type { Readable } from 'node:stream';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import type {
  Certificado,
  CertificadoPublico,
  ConteudoAcesso,
  ConteudoCurso,
  ProdutoAcesso,
  ProgressoConteudo,
  ProgressoCurso,
  ProgressoInput,
} from '@clinica/shared/schemas/conteudo';
import type { FileStorage } from '../../integrations/files/index.js';
import type { Role } from '../../lib/access.js';
import { conflict, forbidden, notFound, unauthorized, unprocessable } from '../../lib/errors.js';
import { assinarMidia, temAssinatura, verificarMidia, type AssinaturaQuery } from './assinatura.js';
import { gerarCertificadoPdf } from './certificado-pdf.js';
import { gerarCodigoCertificado, normalizarCodigoCertificado } from './codigo-certificado.js';
import type { ConteudoRepository } from './conteudo.repository.js';
import { interpretarRange, type RangePedido } from './range.js';

/** Who is asking: the token's user, or the user a signed media URL names. */
export interface Leitor {
  id: number;
  permissao: Role;
  idCliente: number | null;
}

/** A video counts as watched at 90 % of its duration (ADR 013). */
const FRACAO_VIDEO_CONCLUIDO = 0.9;

const segundosDe = (hhmmss: string) => {
  const [h = 0, m = 0, s = 0] = hhmmss.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

const progressoDe = (concluidos: number, total: number): ProgressoCurso => ({
  concluidos,
  total,
  percentual: total === 0 ? 0 : Math.floor((concluidos * 100) / total),
});

/** "12h30min" from seconds: the workload of a course whose product states none. */
const horas = (segundos: number) => {
  const h = Math.floor(segundos / 3600);
  const min = Math.round((segundos % 3600) / 60);
  if (h === 0) return `${min} min`;
  return min === 0 ? `${h} ${h === 1 ? 'hora' : 'horas'}` : `${h}h${String(min).padStart(2, '0')}min`;
};

/** What a media route answers: headers and, unless HEAD, the body. */
export interface RespostaMidia {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  /** Opens the body (never for HEAD or 416). */
  abrir?: () => Readable;
  corpo?: Buffer;
}

export function createConteudoService(deps: {
  repository: ConteudoRepository;
  storage: FileStorage;
  /** Key of the signed media URLs (assinatura.ts `chaveMidia`). */
  chave: Buffer;
  clock: () => Date;
  /** PUBLIC_URL, for the verification address printed on certificates. */
  publicUrl: string | undefined;
}) {
  const { repository, storage, chave, clock } = deps;

  /**
   * The access rule (ADR 013), asked on every request: USUARIO never; ADMIN
   * every digital product; CLIENTE while a PAGO, ENVIADO or ENTREGUE order
   * of its holds the product. Unknown or physical product: 404.
   */
  async function exigirAcesso(leitor: Leitor, produtoId: number) {
    if (leitor.permissao === 'USUARIO') throw forbidden();
    const clienteId = leitor.permissao === 'CLIENTE' ? leitor.idCliente : null;
    if (leitor.permissao === 'CLIENTE' && clienteId === null) throw forbidden();
    const produto = await repository.produtoDigital(produtoId, clienteId);
    if (!produto) throw notFound(MSG.produtoNaoEncontradoBiblioteca);
    if (leitor.permissao !== 'ADMIN' && !produto.possui) throw forbidden();
    return produto;
  }

  async function conteudoComAcesso(leitor: Leitor, conteudoId: number) {
    // The role first: a USUARIO learns nothing, not even whether the item exists.
    if (leitor.permissao === 'USUARIO') throw forbidden();
    const conteudo = await repository.conteudo(conteudoId);
    // An AVI still converting (or whose conversion failed) is not offered yet (ADR 015).
    if (!conteudo || conteudo.processamento !== 'PRONTO') throw notFound(MSG_API.conteudoNaoEncontrado);
    await exigirAcesso(leitor, conteudo.produtoId);
    return conteudo;
  }

  /** The attachment's name: the item's title with the file's extension (RFC 6266, with an ASCII fallback). */
  const anexo = (conteudo: { id: number; titulo: string; nomeArquivo: string | null; video: boolean }) => {
    const extensao = /\.[a-z0-9]{2,4}$/i.exec(conteudo.nomeArquivo ?? '')?.[0] ?? (conteudo.video ? '.mp4' : '.pdf');
    const nome = `${conteudo.titulo}${extensao}`;
    const ascii =
      nome
        .normalize('NFD')
        .replace(/[^\x20-\x7e]/g, '')
        .replace(/["\\]/g, '') || `conteudo-${conteudo.id}${extensao}`;
    return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nome).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
  };

  const caminhoMidia = (conteudo: { id: number; video: boolean }) =>
    `/api/conteudoproduto/${conteudo.video ? 'stream' : 'pdf'}/${conteudo.id}`;

  /** `Cache-Control` of a private file: never shared caches, and never longer than the URL lives. */
  const cacheControl = (expira: Date | null) => {
    const restante = expira ? Math.floor((expira.getTime() - clock().getTime()) / 1000) : 60;
    return `private, max-age=${Math.max(0, Math.min(300, restante))}`;
  };

  /** A stored file, whole or the asked range (conteudo/range.ts), streamed from storage. */
  async function arquivo(
    conteudo: { arquivo: string; video: boolean; tipo: string },
    cache: string,
    range: string | undefined,
    /** `content-disposition` for a download (ADR 046); otherwise a PDF opens inline and a video has none. */
    disposicao?: string,
  ): Promise<RespostaMidia> {
    const info = await storage.stat(conteudo.arquivo);
    if (!info) throw notFound(MSG_API.conteudoNaoEncontrado);
    const tamanho = info.size;
    const comuns: Record<string, string> = {
      'accept-ranges': 'bytes',
      'cache-control': cache,
      'content-type': conteudo.tipo,
      'cross-origin-resource-policy': 'same-site',
      ...(disposicao
        ? { 'content-disposition': disposicao }
        : conteudo.video
          ? {}
          : { 'content-disposition': 'inline' }),
    };
    const pedido: RangePedido = interpretarRange(range, tamanho);
    if (pedido.tipo === 'insatisfazivel') {
      return { status: 416, headers: { ...comuns, 'content-range': `bytes */${tamanho}` } };
    }
    if (pedido.tipo === 'inteiro') {
      return {
        status: 200,
        headers: { ...comuns, 'content-length': String(tamanho) },
        abrir: () => storage.createReadStream(conteudo.arquivo),
      };
    }
    const { inicio, fim } = pedido;
    return {
      status: 206,
      headers: {
        ...comuns,
        'content-length': String(fim - inicio + 1),
        'content-range': `bytes ${inicio}-${fim}/${tamanho}`,
      },
      abrir: () => storage.createReadStream(conteudo.arquivo, { start: inicio, end: fim }),
    };
  }

  async function certificadoDoDono(leitor: Leitor, codigoTexto: string) {
    if (leitor.permissao !== 'CLIENTE') throw forbidden();
    const codigo = normalizarCodigoCertificado(codigoTexto);
    const certificado = codigo ? await repository.certificadoPorCodigo(codigo) : null;
    if (!certificado) throw notFound(MSG.certificadoNaoEncontrado);
    if (leitor.idCliente !== certificado.clienteId) throw forbidden();
    // A revoked certificate (ADR 036) is no longer printed.
    if (certificado.revogadoEm !== null) throw conflict(MSG.certificadoRevogadoExplicacao);
    return certificado;
  }

  return {
    /**
     * Who asks for a media file: the user of a valid signed URL (401 when it
     * is tampered, foreign to this file or expired), else the bearer token's
     * (`autenticar` throws 401), else nobody (401). The signed URL's user is
     * read again from the database, so a deactivated or demoted user's URL
     * stops working at once.
     */
    async leitorDaMidia(
      recurso: string,
      query: AssinaturaQuery,
      bearer: (() => Promise<Leitor>) | null,
    ): Promise<{ leitor: Leitor; expira: Date | null }> {
      if (temAssinatura(query)) {
        const v = verificarMidia(chave, recurso, query, clock());
        if (!v.ok) throw unauthorized(MSG_API.linkMidiaInvalido);
        const usuario = await repository.usuario(v.usuarioId);
        if (!usuario || !usuario.ativo) throw unauthorized(MSG_API.linkMidiaInvalido);
        return {
          leitor: { id: usuario.id, permissao: usuario.permissao as Role, idCliente: usuario.idCliente },
          expira: new Date(Number(query.e) * 1000),
        };
      }
      if (!bearer) throw unauthorized(MSG.naoAutenticado);
      return { leitor: await bearer(), expira: null };
    },

    /** GET /cliente/produtosacesso/{idUser}: the library of the caller (never of the path's user). */
    async biblioteca(leitor: Leitor, filtro: string | undefined): Promise<ProdutoAcesso[]> {
      if (leitor.permissao === 'USUARIO') throw forbidden();
      if (leitor.permissao === 'CLIENTE' && leitor.idCliente === null) throw forbidden();
      const produtos = await repository.biblioteca(
        leitor.permissao === 'ADMIN' ? 'todos' : { clienteId: leitor.idCliente! },
        leitor.id,
        filtro || undefined,
      );
      const autores = await repository.autoresDe(produtos.map((p) => p.id));
      return produtos.map((p) => ({
        id: p.id,
        nome: p.nome,
        pathImgDestaque: p.pathImgDestaque,
        descricao: p.descricao,
        duracao: p.duracao,
        autores: autores.get(p.id) ?? [],
        progresso: progressoDe(p.concluidos, p.total),
      }));
    },

    /** GET /conteudoproduto/produto/{id}/conteudo/{idUser}: the classroom of a course. */
    async curso(leitor: Leitor, produtoId: number): Promise<ConteudoCurso> {
      const produto = await exigirAcesso(leitor, produtoId);
      const [itens, autores, listaTag] = [
        await repository.itensComProgresso(produtoId, leitor.id),
        await repository.autoresDe([produtoId]),
        await repository.tagsDe(produtoId),
      ];
      const cliente = leitor.permissao === 'CLIENTE' ? leitor.idCliente : null;
      const certificado = cliente === null ? null : await repository.certificadoDe(cliente, produtoId);
      const ultimo = itens
        .filter((i) => i.atualizadoEm !== null)
        .sort((a, b) => new Date(b.atualizadoEm!).getTime() - new Date(a.atualizadoEm!).getTime())[0];
      return {
        id: produto.id,
        nomeProduto: produto.nome,
        duracao: produto.duracao,
        autores: autores.get(produtoId) ?? [],
        listaConteudoProduto: itens.map((i) => ({
          id: i.id,
          ordem: i.ordem,
          titulo: i.titulo,
          duracao: i.duracao,
          video: i.video,
          concluido: i.concluido,
          posicaoSegundos: Number(i.posicaoSegundos),
        })),
        listaTag,
        progresso: progressoDe(itens.filter((i) => i.concluido).length, itens.length),
        ultimoConteudoId: ultimo?.id ?? null,
        // Reviews come from buyers: a client who owns the course; re-rating replaces the earlier one.
        podeAvaliar: cliente !== null && produto.ativo,
        avaliado: cliente === null ? false : await repository.avaliado(cliente, produtoId),
        certificado: certificado
          ? { codigo: certificado.codigo, concluidoEm: new Date(certificado.concluidoEm).toISOString() }
          : null,
      };
    },

    /**
     * GET /conteudoproduto/{id}: the item with a signed URL of its file, issued
     * only to someone who may see it. Opening an item also makes it the one
     * the classroom resumes.
     */
    async conteudo(leitor: Leitor, conteudoId: number): Promise<ConteudoAcesso> {
      const conteudo = await conteudoComAcesso(leitor, conteudoId);
      const progresso = await repository.salvarProgresso(leitor.id, conteudo.id, {});
      const { query, expiraEm } = assinarMidia(chave, `conteudo:${conteudo.id}`, leitor.id, clock());
      return {
        id: conteudo.id,
        produtoId: conteudo.produtoId,
        ordem: conteudo.ordem,
        titulo: conteudo.titulo,
        duracao: conteudo.duracao,
        video: conteudo.video,
        tipo: conteudo.tipo,
        tamanho: Number(conteudo.tamanho),
        url: `${caminhoMidia(conteudo)}?${query}`,
        downloadUrl: conteudo.permiteDownload ? `/api/conteudoproduto/download/${conteudo.id}?${query}` : null,
        expiraEm: expiraEm.toISOString(),
        concluido: progresso.concluido,
        posicaoSegundos: progresso.posicaoSegundos,
      };
    },

    /**
     * PUT /conteudoproduto/{id}/progresso. A video position at or past 90 %
     * of its duration also marks it done (the web sends it as it plays); a
     * position never unmarks.
     */
    async salvarProgresso(leitor: Leitor, conteudoId: number, input: ProgressoInput): Promise<ProgressoConteudo> {
      const conteudo = await conteudoComAcesso(leitor, conteudoId);
      const duracao = segundosDe(conteudo.duracao);
      const posicao =
        input.posicaoSegundos === undefined
          ? undefined
          : Math.min(input.posicaoSegundos, duracao || input.posicaoSegundos);
      const assistido =
        conteudo.video && posicao !== undefined && duracao > 0 && posicao >= duracao * FRACAO_VIDEO_CONCLUIDO;
      const concluido = input.concluido ?? (assistido ? true : undefined);
      const salvo = await repository.salvarProgresso(leitor.id, conteudo.id, {
        ...(concluido === undefined ? {} : { concluido }),
        ...(posicao === undefined ? {} : { posicaoSegundos: posicao }),
      });
      const itens = await repository.itensComProgresso(conteudo.produtoId, leitor.id);
      return {
        conteudoId: conteudo.id,
        produtoId: conteudo.produtoId,
        concluido: salvo.concluido,
        posicaoSegundos: salvo.posicaoSegundos,
        progresso: progressoDe(itens.filter((i) => i.concluido).length, itens.length),
      };
    },

    /**
     * GET /conteudoproduto/stream/{id}, /pdf/{id} and /download/{id}: access checked again on
     * every request (a revoked order stops the very next range request), then
     * the file or the asked range, streamed from storage. A download (an attachment) only of an item whose
     * download the staff allow (ADR 046): otherwise 422.
     */
    async midia(
      leitor: Leitor,
      expira: Date | null,
      conteudoId: number,
      rota: 'video' | 'pdf' | 'download',
      range: string | undefined,
    ): Promise<RespostaMidia> {
      const conteudo = await conteudoComAcesso(leitor, conteudoId);
      // A video served as PDF (or the reverse) is a wrong address, not a file.
      if (rota !== 'download' && conteudo.video !== (rota === 'video')) throw notFound(MSG_API.conteudoNaoEncontrado);
      if (rota === 'download' && !conteudo.permiteDownload) throw unprocessable(MSG_API.downloadNaoPermitido);
      return arquivo(conteudo, cacheControl(expira), range, rota === 'download' ? anexo(conteudo) : undefined);
    },

    /**
     * GET /conteudoproduto/previa/{id} (ADR 047): public, only an item marked as free preview of an active digital
     * product (404 for any other, so the route tells nothing of the rest), with the same Range answers as the
     * classroom's routes. Kept by browsers for a minute only: a preview the staff switch off stops soon.
     */
    async previa(conteudoId: number, range: string | undefined): Promise<RespostaMidia> {
      const conteudo = await repository.previa(conteudoId);
      if (!conteudo) throw notFound(MSG_CURSO.previaNaoEncontrada);
      return arquivo(conteudo, 'public, max-age=60', range);
    },

    /**
     * POST /certificado/produto/{id}: a client who owns the course and has
     * finished every item gets its certificate; asking again returns the
     * same one (same code), with a fresh signed URL of the PDF.
     */
    async emitirCertificado(leitor: Leitor, produtoId: number): Promise<Certificado> {
      if (leitor.permissao !== 'CLIENTE' || leitor.idCliente === null) throw forbidden();
      const produto = await exigirAcesso(leitor, produtoId);
      let certificado = await repository.certificadoDe(leitor.idCliente, produtoId);
      if (!certificado) {
        const concluidoEm = await repository.concluidoEm(leitor.id, produtoId);
        if (!concluidoEm) throw unprocessable(MSG_API.cursoNaoConcluido);
        const nomeCliente = await repository.nomeCliente(leitor.idCliente);
        if (!nomeCliente) throw forbidden();
        certificado = await repository.emitirCertificado({
          codigo: gerarCodigoCertificado(),
          clienteId: leitor.idCliente,
          produtoId,
          nomeCliente,
          curso: produto.nome,
          cargaHoraria: produto.duracao ?? horas(await repository.segundosDoCurso(produtoId)),
          concluidoEm,
        });
        if (!certificado) throw new Error('Certificado não gravado');
      } else if (certificado.revogadoEm !== null) {
        // Revoked by a withdrawal or refund (ADR 036) and owned again (bought again): the completion it attests
        // counts again, under the same code.
        certificado = (await repository.restaurarCertificado(certificado.id)) ?? certificado;
      }
      const { query, expiraEm } = assinarMidia(chave, `certificado:${certificado.codigo}`, leitor.id, clock());
      return {
        codigo: certificado.codigo,
        produtoId,
        nomeCliente: certificado.nomeCliente,
        curso: certificado.curso,
        cargaHoraria: certificado.cargaHoraria,
        concluidoEm: new Date(certificado.concluidoEm).toISOString(),
        emitidoEm: new Date(certificado.emitidoEm).toISOString(),
        url: `/api/certificado/${certificado.codigo}/pdf?${query}`,
        expiraEm: expiraEm.toISOString(),
      };
    },

    /**
     * GET /certificado/{codigo}: public. A code that fails its checksum is
     * refused without asking the database; an unknown one is 404 as well.
     */
    async verificarCertificado(codigoTexto: string): Promise<CertificadoPublico> {
      const codigo = normalizarCodigoCertificado(codigoTexto);
      const c = codigo ? await repository.certificadoPorCodigo(codigo) : null;
      if (!c) throw notFound(MSG.certificadoNaoEncontrado);
      return {
        codigo: c.codigo,
        valido: c.revogadoEm === null,
        revogadoEm: c.revogadoEm ? new Date(c.revogadoEm).toISOString() : null,
        nomeCliente: c.nomeCliente,
        curso: c.curso,
        cargaHoraria: c.cargaHoraria,
        concluidoEm: new Date(c.concluidoEm).toISOString(),
      };
    },

    /** The resource a certificate's signed URL is bound to (the canonical code). */
    recursoCertificado(codigoTexto: string): string {
      return `certificado:${normalizarCodigoCertificado(codigoTexto) ?? codigoTexto}`;
    },

    /** GET /certificado/{codigo}/pdf: the owner's certificate as a PDF. */
    async certificadoPdf(leitor: Leitor, expira: Date | null, codigoTexto: string): Promise<RespostaMidia> {
      const c = await certificadoDoDono(leitor, codigoTexto);
      const pdf = await gerarCertificadoPdf({
        codigo: c.codigo,
        nomeCliente: c.nomeCliente,
        curso: c.curso,
        cargaHoraria: c.cargaHoraria,
        concluidoEm: new Date(c.concluidoEm),
        emitidoEm: new Date(c.emitidoEm),
        enderecoVerificacao: `${deps.publicUrl ?? ''}/certificado/${c.codigo}`,
        emissor: (await repository.nomeEmpresa()) ?? 'Clínica',
      });
      return {
        status: 200,
        headers: {
          'cache-control': cacheControl(expira),
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="certificado-${c.codigo}.pdf"`,
          'content-length': String(pdf.length),
          'cross-origin-resource-policy': 'same-site',
        },
        corpo: pdf,
      };
    },
  };
}

export type ConteudoService = ReturnType<typeof createConteudoService>;
