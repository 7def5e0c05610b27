import { MSG } from '@clinica/shared/messages';
import { Clock, Lock, Mail } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import { PAYMENT_LOGOS } from '../../../components/brand/payment-logos';
import { FacebookIcon, InstagramIcon, WhatsAppIcon, YouTubeIcon } from '../../../components/brand/social-icons';
import { notifyApiError } from '../../../components/ui/toast';
import { useEmpresa } from '../../../lib/empresa';
import styles from './footer.module.css';
import { legalLines, socialLinks, type SocialNetwork } from '../../../lib/social-links';

const SOCIAL_ICONS: Record<SocialNetwork, typeof WhatsAppIcon> = {
  whatsapp: WhatsAppIcon,
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  youtube: YouTubeIcon,
};

/** The site footer, fed by GET /empresa/ (docs/behaviour/site.md#footer). */
export function Footer() {
  const { data: empresa, error, isPending } = useEmpresa();

  useEffect(() => {
    // Company info failure → error toast with the server message (once).
    if (error) notifyApiError(error, MSG.empresaNaoEncontrada, { toastId: 'empresa-error' });
  }, [error]);

  const links = empresa ? socialLinks(empresa) : [];
  const skeleton = isPending ? <span className={styles.skeleton} /> : null;

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.grid}>
          <section className={styles.brand} aria-label="Sobre a clínica">
            <Logo inverse />
            <p>Cuidado odontológico completo e uma loja com materiais e cursos para a saúde do seu sorriso.</p>
            {links.length > 0 && (
              <ul className={styles.social} aria-label="Redes sociais">
                {links.map(({ network, label, href }) => {
                  const Icon = SOCIAL_ICONS[network];
                  return (
                    <li key={network}>
                      <a
                        href={href}
                        className={styles.socialLink}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`${label} (abre em nova aba)`}
                        data-network={network}
                      >
                        <Icon size={20} />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>

          <section aria-labelledby="footer-institucional">
            <h2 id="footer-institucional" className={styles.heading}>
              Institucional
            </h2>
            <ul className={styles.list}>
              <li>
                {/* 'Quem somos' has an empty target */}
                <a href="">{MSG.quemSomos}</a>
              </li>
              <li>
                <Link to="/loja">Loja</Link>
              </li>
              <li>
                <Link to="/artigos">Artigos</Link>
              </li>
              <li>
                <Link to="/contato">Contato</Link>
              </li>
              <li>
                {/* Literal, like the other links: the footer is in every page's first JavaScript (docs/quality.md P6). */}
                <Link to="/termos">Termos de compra</Link>
              </li>
              <li>
                <Link to="/privacidade">Política de privacidade</Link>
              </li>
            </ul>
          </section>

          <section aria-labelledby="footer-atendimento">
            <h2 id="footer-atendimento" className={styles.heading}>
              Atendimento
            </h2>
            <ul className={styles.list}>
              <li className={styles.contactLine}>
                <Mail size={16} aria-hidden="true" />
                {empresa?.email ? <a href={`mailto:${empresa.email}`}>{empresa.email}</a> : skeleton}
              </li>
              <li className={styles.contactLine}>
                <Clock size={16} aria-hidden="true" />
                {empresa?.descricaoHorarioFuncionamento ? (
                  <span>{empresa.descricaoHorarioFuncionamento}</span>
                ) : (
                  skeleton
                )}
              </li>
            </ul>
          </section>

          <section aria-labelledby="footer-pagamento">
            <p className={styles.secure}>
              <Lock size={16} aria-hidden="true" />
              {MSG.comprasSeguras}
            </p>
            <h2 id="footer-pagamento" className={styles.heading} style={{ marginTop: 'var(--space-5)' }}>
              {MSG.formasPagamento}
            </h2>
            <ul className={styles.payments}>
              {PAYMENT_LOGOS.map((PaymentLogo, i) => (
                <li key={i}>
                  <PaymentLogo />
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className={styles.legal} data-testid="footer-legal">
          {empresa ? legalLines(empresa).map((line) => <p key={line}>{line}</p>) : skeleton}
          <p>© {new Date().getFullYear()} Clínica Odontológica Sorriso Pleno. Todos os direitos reservados.</p>
        </div>
      </div>
    </footer>
  );
}
