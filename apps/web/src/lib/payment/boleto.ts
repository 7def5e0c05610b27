import { boletoPdfPath } from '@clinica/shared/schemas/boleto';
import { API_BASE, ApiError } from '../api-client';
import { session } from '../session';

/**
 * Downloads the store's printable boleto of a payment (GET /pagamento/{id}/boleto/pdf, the order's owner only):
 * fetched with the session's token, then saved under 'boleto-pedido-{id}.pdf'. A boleto with the bank's own link
 * (Mercado Pago) is opened there instead, by the caller.
 */
export async function downloadBoletoPdf(idPagamento: number, idPedido: number): Promise<void> {
  const { token } = session.getSnapshot();
  const response = await fetch(`${API_BASE}${boletoPdfPath(idPagamento)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, '');
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `boleto-pedido-${idPedido}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by now; the object URL is kept a moment for slower browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
