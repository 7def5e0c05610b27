import crypto from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cotacoesFrete, melhorEnvioTokens } from '../../modules/frete/frete.table.js';
import type { OpcaoFrete } from './freight-provider.js';

/** The grant of the store's account as kept in `melhor_envio_tokens`. */
export interface TokenMelhorEnvio {
  accessToken: string;
  refreshToken: string | null;
  expiraEm: Date;
}

/** What a locked update decided: keep a token (new or current) or forget the grant. */
export type DecisaoToken = { token: TokenMelhorEnvio; salvar: boolean } | { apagar: true };

/** A quote is reused for 10 minutes: the checkout and the order placed right after it see the same price. */
const VALIDADE_COTACAO = '10 minutes';
/** Quotes older than this are removed when new ones are stored. */
const LIMPEZA_COTACOES = '1 day';

/**
 * The database side of the Melhor Envio adapter: the store's grant (one row)
 * and recent quotes. Shared by every instance of the API.
 */
export function createMelhorEnvioStore(db: Db) {
  const colunas = {
    accessToken: melhorEnvioTokens.accessToken,
    refreshToken: melhorEnvioTokens.refreshToken,
    expiraEm: melhorEnvioTokens.expiraEm,
  };
  return {
    /** The stored grant, or undefined when the account is not connected. */
    async lerToken(): Promise<TokenMelhorEnvio | undefined> {
      const [row] = await db.select(colunas).from(melhorEnvioTokens).where(eq(melhorEnvioTokens.id, 1)).limit(1);
      return row;
    },

    /** Stores (or replaces) the grant: the OAuth2 callback. */
    async salvarToken(token: TokenMelhorEnvio, conectadoPor: number | null): Promise<void> {
      await db
        .insert(melhorEnvioTokens)
        .values({ id: 1, ...token, conectadoPor })
        .onConflictDoUpdate({
          target: melhorEnvioTokens.id,
          set: { ...token, conectadoPor, updatedAt: sql`now()` },
        });
    },

    /**
     * Runs `decidir` with the grant row locked (SELECT … FOR UPDATE), so two
     * instances never refresh the same grant at once (a refresh token works
     * once); the second one finds the new token. Applies its decision in the
     * same transaction and returns it.
     */
    async comTokenTravado(
      decidir: (atual: TokenMelhorEnvio | undefined) => Promise<DecisaoToken>,
    ): Promise<DecisaoToken> {
      return db.transaction(async (tx) => {
        const [atual] = await tx
          .select(colunas)
          .from(melhorEnvioTokens)
          .where(eq(melhorEnvioTokens.id, 1))
          .for('update')
          .limit(1);
        const decisao = await decidir(atual);
        if ('apagar' in decisao) {
          await tx.delete(melhorEnvioTokens).where(eq(melhorEnvioTokens.id, 1));
        } else if (decisao.salvar) {
          await tx
            .update(melhorEnvioTokens)
            .set({ ...decisao.token, updatedAt: sql`now()` })
            .where(eq(melhorEnvioTokens.id, 1));
        }
        return decisao;
      });
    },

    /** Forgets the grant (revoked upstream): GET /melhorenvio/auth asks to connect again. */
    async apagarToken(accessToken: string): Promise<void> {
      await db
        .delete(melhorEnvioTokens)
        .where(sql`${melhorEnvioTokens.id} = 1 AND ${melhorEnvioTokens.accessToken} = ${accessToken}`);
    },

    /** The options of a fresh quote with this key, or undefined. */
    async lerCotacao(chave: string): Promise<OpcaoFrete[] | undefined> {
      const [row] = await db
        .select({ opcoes: cotacoesFrete.opcoes })
        .from(cotacoesFrete)
        .where(
          sql`${cotacoesFrete.chave} = ${chave} AND ${cotacoesFrete.cotadoEm} > now() - ${VALIDADE_COTACAO}::interval`,
        )
        .limit(1);
      return row ? (row.opcoes as OpcaoFrete[]) : undefined;
    },

    async salvarCotacao(chave: string, opcoes: OpcaoFrete[]): Promise<void> {
      await db
        .insert(cotacoesFrete)
        .values({ chave, opcoes })
        .onConflictDoUpdate({
          target: cotacoesFrete.chave,
          set: { opcoes: sql`excluded.opcoes`, cotadoEm: sql`now()` },
        });
      await db.delete(cotacoesFrete).where(lt(cotacoesFrete.cotadoEm, sql`now() - ${LIMPEZA_COTACOES}::interval`));
    },
  };
}

export type MelhorEnvioStore = ReturnType<typeof createMelhorEnvioStore>;

/** The cache key of a quote request. */
export const chaveCotacao = (pedido: unknown): string =>
  crypto.createHash('sha256').update(JSON.stringify(pedido)).digest('hex');
