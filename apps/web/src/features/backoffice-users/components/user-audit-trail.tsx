import { AuditTrail } from '../../../components/backoffice/audit-trail';

/** The audit log of a user (docs/behaviour/back-office.md#audit-log): who created it and changed its data, permission and status, and when. */
export function UserAuditTrail({ id }: { id: number }) {
  return <AuditTrail entidade="usuario" entidadeId={id} />;
}
