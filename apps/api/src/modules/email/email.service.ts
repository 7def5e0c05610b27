import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { CodigoEnviado } from '@clinica/shared/schemas/email';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import { takeAtLeast } from '../../lib/timing.js';
import type { Db } from '../../db/client.js';
import type { UsuarioRepository } from '../usuario/usuario.repository.js';
import { codigoEnviado, type CodigoService } from './codigo.service.js';
import type { FinalidadeCodigo } from './email.table.js';

const EDICAO: readonly FinalidadeCodigo[] = ['EDICAO_EMAIL', 'EDICAO_SENHA'];

/** The limit key of recovery codes: the e-mail as typed, so a known and an unknown address count alike. */
const recuperacaoChave = (email: string) => `email:${email.toLowerCase()}`;

/**
 * E-mail codes (docs/behaviour/accounts-and-sign-in.md#e-mail-codes): the operations behind each `/email/*` route. The
 * rules of a code (lifetime, tries, sending limit) live in CodigoService.
 */
export function createEmailService(deps: {
  db: Db;
  usuarios: UsuarioRepository;
  codigos: CodigoService;
  /** Every recovery request answers no sooner than this, known e-mail or not. */
  minDelayMs: number;
  /** The current password check of the credential changes (usuario.service.ts `conferirSenhaAtual`). */
  conferirSenhaAtual: (usuarioId: number, senhaAtual: string) => Promise<void>;
}) {
  const { db, usuarios, codigos } = deps;

  async function usuarioAtivo(id: number) {
    const row = await usuarios.findById(id);
    if (!row || !row.ativo) throw notFound(MSG_API.usuarioNaoEncontrado);
    return row;
  }

  return {
    /**
     * Sends a recovery code when the e-mail belongs to an active user, and
     * answers exactly the same otherwise (same body, same limit, same minimum
     * time): the route does not tell who has an account.
     */
    async solicitarRecuperacao(email: string): Promise<CodigoEnviado> {
      return takeAtLeast(deps.minDelayMs, async () => {
        const usuario = await usuarios.findActiveByEmail(email);
        const chaveLimite = recuperacaoChave(email);
        if (usuario) return codigos.enviar({ usuario, finalidade: 'RECUPERACAO_ACESSO', chaveLimite });
        // Counted like a real sending, so the 6th request answers 429 for any address.
        await codigos.contarEnvio('RECUPERACAO_ACESSO', chaveLimite);
        return codigoEnviado();
      });
    },

    /** Accepts the recovery code of an e-mail; an unknown e-mail gets 'Código incorreto.' like a wrong code. */
    async validarRecuperacao(email: string, codigo: string): Promise<void> {
      const usuario = await usuarios.findActiveByEmail(email);
      if (!usuario) throw unprocessable(MSG.codigoIncorreto);
      await codigos.verificar(usuario.id, ['RECUPERACAO_ACESSO'], codigo);
    },

    /**
     * Sends to the new address the code that unlocks the e-mail change (the address must be free). The current
     * password comes first, as in the change itself: a token alone neither mails codes to any address nor learns
     * which addresses have an account.
     */
    async enviarEdicaoEmail(usuarioId: number, novoEmail: string, senhaAtual: string): Promise<CodigoEnviado> {
      await deps.conferirSenhaAtual(usuarioId, senhaAtual);
      const usuario = await usuarioAtivo(usuarioId);
      if (usuario.email.toLowerCase() === novoEmail.toLowerCase()) throw unprocessable(MSG_API.mesmoEmail);
      if (await usuarios.emailEmUso(novoEmail, usuarioId)) throw conflict(MSG_API.emailEmUso);
      return codigos.enviar({ usuario, finalidade: 'EDICAO_EMAIL', destino: novoEmail });
    },

    /** Sends to the user's e-mail the code that unlocks the password change. */
    async enviarEdicaoSenha(usuarioId: number): Promise<CodigoEnviado> {
      const usuario = await usuarioAtivo(usuarioId);
      return codigos.enviar({ usuario, finalidade: 'EDICAO_SENHA' });
    },

    /** Accepts the newest edição code (e-mail or password); says which change it unlocks. */
    async validarEdicao(usuarioId: number, codigo: string): Promise<{ finalidade: 'EDICAO_EMAIL' | 'EDICAO_SENHA' }> {
      const row = await codigos.verificar(usuarioId, EDICAO, codigo);
      return { finalidade: row.finalidade as 'EDICAO_EMAIL' | 'EDICAO_SENHA' };
    },

    /** Sends the e-mail confirmation code (`criacao` words it as the sign-up welcome). */
    async enviarConfirmacao(usuarioId: number, modelo?: 'CRIACAO'): Promise<CodigoEnviado> {
      const usuario = await usuarioAtivo(usuarioId);
      if (usuario.confirmado) throw conflict(MSG_API.emailJaConfirmado);
      return codigos.enviar({ usuario, finalidade: 'CONFIRMACAO', ...(modelo ? { modelo } : {}) });
    },

    /** Confirms the e-mail with its code (single use). */
    async validarConfirmacao(usuarioId: number, codigo: string): Promise<void> {
      const usuario = await usuarioAtivo(usuarioId);
      if (usuario.confirmado) throw conflict(MSG_API.emailJaConfirmado);
      const row = await codigos.verificar(usuarioId, ['CONFIRMACAO'], codigo);
      await db.transaction(async (tx) => {
        await codigos.consumir(row, tx);
        await usuarios.setConfirmado(usuarioId, tx);
      });
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
