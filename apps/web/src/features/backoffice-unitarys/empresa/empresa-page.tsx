import { PageFrame } from '../../../components/ui/page-frame';
import { EmpresaEditor } from './empresa-editor';

/** /empresa (ADMIN; SPEC §2 Back-office): the company's data. */
export function EmpresaPage() {
  return (
    <PageFrame
      title="Dados da empresa"
      eyebrow="Gestão"
      description="Razão social, CNPJ, contatos, redes sociais, horário e endereço da clínica."
      width="narrow"
    >
      <EmpresaEditor />
    </PageFrame>
  );
}

export { EmpresaPage as Component };
