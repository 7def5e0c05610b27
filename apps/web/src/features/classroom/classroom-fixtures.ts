import type { ConteudoAcesso, ConteudoCurso, ConteudoItem } from '@clinica/shared/schemas/conteudo';

export const CLIENTE = { idUser: 7, permissao: 'CLIENTE' as const, idClient: 3, nome: 'Maria Cliente Silva' };
export const ADMIN = { idUser: 1, permissao: 'ADMIN' as const, idClient: null };

export const CURSO_GET = 'GET /api/conteudoproduto/produto/40/conteudo/7';
export const CURSO_GET_ADMIN = 'GET /api/conteudoproduto/produto/40/conteudo/1';

export const VIDEO: ConteudoItem = {
  id: 101,
  ordem: 1,
  titulo: 'Boas-vindas e visão geral',
  duracao: '00:12:30',
  video: true,
  concluido: true,
  posicaoSegundos: 0,
};
export const PDF: ConteudoItem = {
  id: 102,
  ordem: 2,
  titulo: 'Apostila do curso',
  duracao: '00:45:00',
  video: false,
  concluido: false,
  posicaoSegundos: 0,
};

export function cursoWire(patch: Partial<ConteudoCurso> = {}): ConteudoCurso {
  return {
    id: 40,
    nomeProduto: 'Curso de Clareamento Dental',
    duracao: '8 horas',
    autores: [{ nome: 'Dra. Camila Andrade', sobre: 'Especialista em dentística.', pathImg: null }],
    // Out of order on purpose: the screen sorts by `ordem`.
    listaConteudoProduto: [PDF, VIDEO],
    listaTag: [{ nome: 'Estética' }],
    progresso: { concluidos: 1, total: 2, percentual: 50 },
    ultimoConteudoId: null,
    podeAvaliar: true,
    avaliado: false,
    certificado: null,
    ...patch,
  };
}

export function acessoWire(item: ConteudoItem, patch: Partial<ConteudoAcesso> = {}): ConteudoAcesso {
  return {
    id: item.id,
    produtoId: 40,
    ordem: item.ordem,
    titulo: item.titulo,
    duracao: item.duracao,
    video: item.video,
    tipo: item.video ? 'video/mp4' : 'application/pdf',
    tamanho: 1000,
    url: `/api/conteudoproduto/${item.video ? 'stream' : 'pdf'}/${item.id}?u=7&e=9999999999&s=abc`,
    downloadUrl: null,
    expiraEm: '2099-01-01T00:00:00.000Z',
    concluido: item.concluido,
    posicaoSegundos: item.posicaoSegundos,
    ...patch,
  };
}
