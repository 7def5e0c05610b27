import { AuditTrail } from '../../../components/backoffice/audit-trail';

/** The audit log of a user (issue 11): who created it and changed its data, permission and status, and when. */
export function UserAuditTrail({ id }: { id: number }) {
  return <AuditTrail entidade="usuario" entidadeId={id} />;
}
