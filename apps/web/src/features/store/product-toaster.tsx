import { AppToaster } from '../../components/ui/toast';

/** The toast container of the product pages (/loja, /details): at most 4 toasts at once (docs/behaviour/timings-and-limits.md#toasts). */
export const PRODUCT_TOASTS = { containerId: 'produto' } as const;

export function ProductToaster() {
  return <AppToaster containerId={PRODUCT_TOASTS.containerId} limit={4} />;
}
