/**
 * Realtime payment notifications (docs/behaviour/payments.md#realtime-notifications). Importing this
 * module is cheap: the STOMP/SockJS client is fetched by the provider only
 * for a signed-in user.
 */
export type { NotificacaoPagamento } from './types';
export { RealtimeProvider } from './realtime-provider';
export { useOnNotificacao, useRealtime } from './realtime-store';
