import { useRecordId, RecordFrame } from '../../components/backoffice/crud/record-frame';
import { useSession } from '../../lib/use-session';
import { useCupom } from './api/cupons';
import { CouponForm, CUPONS_PATH } from './components/coupon-form';

/**
 * /cupons/novo (ADMIN) and /cupons/{id} (staff; docs/behaviour/back-office.md#coupons): the coupon's form, its
 * 'Histórico de alterações' under it. The manager creates, edits and deactivates; the staff see it locked (ADR 025).
 */
export function CouponPage() {
  const id = useRecordId();
  const { user } = useSession();
  const gerente = user?.permissao === 'ADMIN';
  const query = useCupom(id !== null && !Number.isNaN(id) ? id : null);
  return (
    <RecordFrame
      title={id === null ? 'Novo cupom' : gerente ? 'Editar cupom' : 'Cupom'}
      eyebrow="Cupons de desconto"
      description={
        id === null
          ? 'Um código que o cliente digita na sacola para ganhar desconto nos produtos.'
          : 'Mudanças valem para os próximos pedidos; os que já usaram o cupom não mudam.'
      }
      backHref={CUPONS_PATH}
      backLabel="Voltar aos cupons"
      id={id}
      query={query}
      auditoria="cupom"
    >
      {(cupom) => (
        <CouponForm key={cupom?.id ?? 'novo'} cupom={cupom} gerente={gerente} onReload={() => query.refetch()} />
      )}
    </RecordFrame>
  );
}
