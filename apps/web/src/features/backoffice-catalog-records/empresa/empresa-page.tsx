import { AuditTrail } from '../../../components/backoffice/audit-trail';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmpresaEditor } from './empresa-editor';
import styles from './empresa-editor.module.css';

/** /empresa (ADMIN): the company's data and its 'Histórico de alterações'. */
export function EmpresaPage() {
  return (
    <PageFrame
      title="Dados da empresa"
      eyebrow="Gestão"
      description="Razão social, CNPJ, contatos, redes sociais, horário e endereço da clínica."
      width="narrow"
    >
      <EmpresaEditor />
      {/* The single company row (id 1): who changed what. */}
      <AuditTrail entidade="empresa" entidadeId={1} className={styles.audit} />
    </PageFrame>
  );
}

export { EmpresaPage as Component };
