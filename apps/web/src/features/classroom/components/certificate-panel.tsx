import type { Certificado, ConteudoCurso } from '@clinica/shared/schemas/conteudo';
import { useQueryClient } from '@tanstack/react-query';
import { Award, Download, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { notifyApiError } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { useEmitirCertificado } from '../api/certificado';
import { salaKeys } from '../api/keys';
import styles from './certificate-panel.module.css';

/** Saves the certificate's PDF (a same-origin signed URL, so `download` names the file). */
function downloadFile(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

export interface CertificatePanelProps {
  produtoId: number;
  idUser: number;
  certificado: ConteudoCurso['certificado'];
}

/**
 * At 100 %: 'Baixar certificado' issues the certificate once (asking again
 * gives the same one) and downloads its PDF; the code links to the public
 * verification page.
 */
export function CertificatePanel({ produtoId, idUser, certificado }: CertificatePanelProps) {
  const emitir = useEmitirCertificado();
  const queryClient = useQueryClient();

  const baixar = () =>
    emitir.mutate(produtoId, {
      onSuccess: (cert: Certificado) => {
        downloadFile(cert.url, `certificado-${cert.codigo}.pdf`);
        queryClient.setQueryData<ConteudoCurso>(salaKeys.curso(produtoId, idUser), (curso) =>
          curso ? { ...curso, certificado: { codigo: cert.codigo, concluidoEm: cert.concluidoEm } } : curso,
        );
      },
      onError: (error) => notifyApiError(error),
    });

  return (
    <div className={styles.panel} data-testid="certificate-panel">
      <span className={styles.icon} aria-hidden="true">
        <Award size={24} />
      </span>
      <div className={styles.text}>
        <p className={styles.title}>Parabéns, você concluiu o curso!</p>
        {certificado ? (
          <p className={styles.code}>
            Código: <strong>{certificado.codigo}</strong>
            <Link to={`/certificado/${certificado.codigo}`} className={styles.verify}>
              <ShieldCheck size={14} aria-hidden="true" /> Verificar autenticidade
            </Link>
          </p>
        ) : (
          <p className={styles.code}>Baixe o seu certificado de conclusão em PDF.</p>
        )}
      </div>
      <Button onClick={baixar} loading={emitir.isPending} fullWidth>
        <Download size={16} aria-hidden="true" />
        Baixar certificado
      </Button>
    </div>
  );
}
