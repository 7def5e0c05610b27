import { FUSO_CLINICA } from '@clinica/shared/clinic-day';
import { MSG } from '@clinica/shared/messages';
import { codigoCertificadoParam } from '@clinica/shared/schemas/certificado';
import { BadgeCheck, CircleAlert, RotateCw, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useCertificadoPublico } from './api/verificar-certificado';
import styles from './certificate-page.module.css';

/** '2025-03-05T…' → '05/03/2025' (the day in Brazil). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('pt-BR', { timeZone: FUSO_CLINICA });
}

/**
 * /certificado/{codigo} (public): confirms a certificate is genuine, showing
 * only what is printed on it (name, course, workload, date and code). Another
 * code can be checked from the same page.
 */
export function CertificatePage() {
  const { codigo = '' } = useParams();
  const valid = codigoCertificadoParam.safeParse(codigo).success;
  const query = useCertificadoPublico(codigo, valid);
  const navigate = useNavigate();
  const [outro, setOutro] = useState('');
  const data = query.data;
  const notFound = !valid || (query.isError && isApiError(query.error) && [400, 404].includes(query.error.status));

  return (
    <PageFrame
      title="Verificação de certificado"
      eyebrow="Autenticidade"
      width="narrow"
      description="Confira se um certificado de curso da Clínica Sorriso Pleno é verdadeiro pelo código impresso nele."
    >
      <div className={styles.stack}>
        {valid && query.isPending ? (
          <LoadingBlock />
        ) : data ? (
          <article
            className={`${styles.result} ${data.valido ? styles.ok : styles.bad}`}
            aria-labelledby="cert-status"
            data-testid={data.valido ? 'certificate-ok' : 'certificate-revoked'}
          >
            {data.valido ? (
              <div className={styles.status}>
                <BadgeCheck size={32} aria-hidden="true" />
                <h2 id="cert-status">{MSG.certificadoValido}</h2>
              </div>
            ) : (
              // Revoked with the purchase of its course (ADR 036): said first, with the day.
              <>
                <div className={styles.status}>
                  <ShieldX size={32} aria-hidden="true" />
                  <h2 id="cert-status">
                    {MSG.certificadoRevogado.replace('{data}', data.revogadoEm ? formatDate(data.revogadoEm) : '')}
                  </h2>
                </div>
                <p>{MSG.certificadoRevogadoExplicacao}</p>
              </>
            )}
            <dl className={styles.fields}>
              <div>
                <dt>Nome</dt>
                <dd>{data.nomeCliente}</dd>
              </div>
              <div>
                <dt>Curso</dt>
                <dd>{data.curso}</dd>
              </div>
              {data.cargaHoraria && (
                <div>
                  <dt>Carga horária</dt>
                  <dd>{data.cargaHoraria}</dd>
                </div>
              )}
              <div>
                <dt>Concluído em</dt>
                <dd>{formatDate(data.concluidoEm)}</dd>
              </div>
              <div>
                <dt>Código</dt>
                <dd className={styles.code}>{data.codigo}</dd>
              </div>
            </dl>
          </article>
        ) : notFound ? (
          <div className={`${styles.result} ${styles.bad}`} role="alert">
            <div className={styles.status}>
              <ShieldX size={32} aria-hidden="true" />
              <h2>{valid ? MSG.certificadoNaoEncontrado : MSG.certificadoCodigoInvalido}</h2>
            </div>
            <p className={styles.code}>{codigo}</p>
          </div>
        ) : (
          <div className={`${styles.result} ${styles.bad}`} role="alert">
            <div className={styles.status}>
              <CircleAlert size={32} aria-hidden="true" />
              <h2>{errorMessage(query.error, MSG.ocorreuErroTenteNovamente)}</h2>
            </div>
            <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        )}

        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            const next = outro.trim();
            if (next) navigate(`/certificado/${encodeURIComponent(next)}`);
          }}
        >
          <TextField
            label="Verificar outro código"
            placeholder="XXXX-XXXX-XXXX-XX"
            value={outro}
            onChange={(e) => setOutro(e.target.value)}
            maxLength={40}
            autoComplete="off"
          />
          <Button type="submit" variant="outline">
            Verificar
          </Button>
        </form>
      </div>
    </PageFrame>
  );
}

export { CertificatePage as Component };
