import { comprovantePedidoPath } from '@clinica/shared/schemas/pedido';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * Downloads the order's confirmation PDF (GET /pedido/{id}/comprovante.pdf, the order's customer only: ADR 035) with
 * the session's token, saved as 'pedido-{id}.pdf'.
 */
export async function baixarComprovante(id: number): Promise<void> {
  const { token } = session.getSnapshot();
  const response = await fetch(`${API_BASE}${comprovantePedidoPath(id)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, '');
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `pedido-${id}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
