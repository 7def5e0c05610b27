import { MSG } from '@clinica/shared/messages';
import { Clock, Mail, Phone } from 'lucide-react';
import { WhatsAppIcon } from '../../../components/brand/social-icons';
import { clinicPhone, useEmpresa, whatsappHref } from '../clinic-data';
import { CONTATO } from '../content/contato';
import styles from './contact-page.module.css';
import { MapCard } from './map-card';

const Skeleton = () => <span className={styles.skeleton} aria-hidden="true" />;

/** Beside the form: phones and e-mail (company data), opening hours (content) and the map. */
export function ContactInfo() {
  const { data: empresa, isPending, isError } = useEmpresa();
  const phone = clinicPhone(empresa?.whatsapp);
  const whatsapp = empresa?.whatsapp ? whatsappHref(empresa.whatsapp) : null;

  return (
    <>
      <section className={styles.card} aria-labelledby="canais-title" aria-busy={isPending || undefined}>
        <h2 id="canais-title" className={styles.cardTitle}>
          Telefone e e-mail
        </h2>
        {isError && (
          <p className={styles.error} role="status">
            {MSG.dadosClinicaIndisponiveis}
          </p>
        )}
        <ul className={styles.channels}>
          {(isPending || phone) && (
            <li>
              <span className={styles.channelIcon} aria-hidden="true">
                <Phone size={18} />
              </span>
              <div>
                <span className={styles.channelLabel}>Telefone e WhatsApp</span>
                {phone ? (
                  <a href={phone.tel} className={styles.channelValue}>
                    {phone.display}
                  </a>
                ) : (
                  <Skeleton />
                )}
                {whatsapp && (
                  <a className={styles.whatsapp} href={whatsapp} target="_blank" rel="noopener noreferrer">
                    <WhatsAppIcon size={18} />
                    Conversar no WhatsApp
                    <span className="visually-hidden">(abre em nova aba)</span>
                  </a>
                )}
              </div>
            </li>
          )}
          {(isPending || empresa?.email) && (
            <li>
              <span className={styles.channelIcon} aria-hidden="true">
                <Mail size={18} />
              </span>
              <div>
                <span className={styles.channelLabel}>E-mail</span>
                {empresa?.email ? (
                  <a href={`mailto:${empresa.email}`} className={styles.channelValue}>
                    {empresa.email}
                  </a>
                ) : (
                  <Skeleton />
                )}
              </div>
            </li>
          )}
        </ul>
      </section>

      <section className={styles.card} aria-labelledby="horarios-title">
        <h2 id="horarios-title" className={styles.cardTitle}>
          <Clock size={18} aria-hidden="true" className={styles.titleIcon} />
          Horários
        </h2>
        <h3 className={styles.hoursTitle}>{CONTATO.horariosTitulo}</h3>
        <dl className={styles.hours} data-testid="contact-hours">
          {CONTATO.horarios.map(({ dias, horas }) => (
            <div key={dias}>
              <dt>{dias}</dt>
              <dd>{horas}</dd>
            </div>
          ))}
        </dl>
        {empresa?.descricaoHorarioFuncionamento && (
          <>
            <h3 className={styles.hoursTitle}>{CONTATO.consultasTitulo}</h3>
            <p className={styles.hoursText}>{empresa.descricaoHorarioFuncionamento}</p>
          </>
        )}
      </section>

      {empresa?.endereco ? (
        <MapCard endereco={empresa.endereco} />
      ) : (
        isPending && (
          <section className={styles.card} aria-hidden="true">
            <Skeleton />
            <Skeleton />
          </section>
        )
      )}
    </>
  );
}
