import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';

/** Status of the realtime channel (docs/behaviour/payments.md#realtime-notifications). */
export type RealtimeStatus = 'DISCONNECTED' | 'CONNECTED' | 'ERROR';

export type { NotificacaoPagamento };
