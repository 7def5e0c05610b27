import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { fileOf } from './product-fixtures';
import { stepText, uploadAfterCreate, type UploadStep } from './upload-sequence';

describe('uploads after a product is created', () => {
  it('sends pictures, then contents, then the home picture, one at a time, with one toast each', async () => {
    const log: string[] = [];
    const steps: UploadStep[] = [];
    let running = 0;
    const slow = async (label: string, fail = false) => {
      running += 1;
      expect(running).toBe(1); // never two at once
      log.push(`start ${label}`);
      await new Promise((r) => setTimeout(r, 1));
      running -= 1;
      if (fail) throw new ApiError(415, 'O arquivo não é uma imagem JPEG, PNG ou WebP.');
    };
    const failed = await uploadAfterCreate(
      {
        imagens: [fileOf('a.png', 'image/png'), fileOf('b.png', 'image/png')],
        conteudos: [
          { ordem: '1', titulo: 'Introdução', duracao: '00:10:00', file: fileOf('a.pdf', 'application/pdf') },
          { ordem: '3', titulo: 'Prática', duracao: '00:20:00', file: fileOf('b.mp4', 'video/mp4') },
        ],
        imagemHome: fileOf('home.webp', 'image/webp'),
      },
      {
        enviarImagem: (file, home) => slow(`${home ? 'home' : 'imagem'} ${file.name}`, file.name === 'b.png'),
        enviarConteudo: async (ordem, c, onProgress) => {
          onProgress(0.5);
          await slow(`conteudo ${ordem} ${c.titulo} ${c.duracao} ${c.arquivo.name}`, ordem === 3);
        },
        success: (m) => log.push(`ok: ${m}`),
        error: (m) => log.push(`erro: ${m}`),
        onStep: (s) => steps.push(s),
      },
    );
    expect(failed).toBe(2);
    expect(log).toEqual([
      'start imagem a.png',
      `ok: ${MSG_BO.imagemNCadastrada.replace('{n}', '1')}`,
      'start imagem b.png',
      `erro: Imagem 2 não foi cadastrada. O arquivo não é uma imagem JPEG, PNG ou WebP.`,
      'start conteudo 1 Introdução 00:10:00 a.pdf',
      'ok: Conteudo: Introdução cadastrado com sucesso',
      'start conteudo 3 Prática 00:20:00 b.mp4',
      'erro: Ocorreu um erro! conteudo: Prática não foi cadastrado. O arquivo não é uma imagem JPEG, PNG ou WebP.',
      'start home home.webp',
      `ok: ${MSG_BO.imagemHomeCadastrada}`,
    ]);
    expect(steps.map(stepText)).toEqual([
      'Enviando imagem 1 de 2…',
      'Enviando imagem 2 de 2…',
      'Enviando conteúdo 1 de 2: Introdução…',
      'Enviando conteúdo 1 de 2: Introdução (50%)…',
      'Enviando conteúdo 2 de 2: Prática…',
      'Enviando conteúdo 2 de 2: Prática (50%)…',
      'Enviando a imagem da home…',
    ]);
  });

  it('with nothing to send, sends nothing', async () => {
    const log: string[] = [];
    const failed = await uploadAfterCreate(
      { imagens: [], conteudos: [], imagemHome: null },
      {
        enviarImagem: async () => log.push('imagem'),
        enviarConteudo: async () => log.push('conteudo'),
        success: (m) => log.push(m),
        error: (m) => log.push(m),
      },
    );
    expect(failed).toBe(0);
    expect(log).toEqual([]);
  });

  it('a failed home picture says so without a server reason when there is none', async () => {
    const errors: string[] = [];
    await uploadAfterCreate(
      { imagens: [], conteudos: [], imagemHome: fileOf('h.png', 'image/png') },
      {
        enviarImagem: () => Promise.reject(new Error('rede')),
        enviarConteudo: async () => undefined,
        success: () => undefined,
        error: (m) => errors.push(m),
      },
    );
    expect(errors).toEqual([MSG_BO.imagemHomeNaoCadastrada]);
  });
});
