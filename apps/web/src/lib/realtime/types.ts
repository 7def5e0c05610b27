import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';

/** SPEC §4 Realtime notifications. */
export type RealtimeStatus = 'DISCONNECTED' | 'CONNECTED' | 'ERROR';

export type { NotificacaoPagamento };
