import { WhatsAppIcon } from '../../components/brand/social-icons';
import { useEmpresa } from '../../lib/empresa';
import { whatsappHref } from '../../lib/social-links';
import styles from './whatsapp-float.module.css';

/** The floating WhatsApp link of the home page (docs/behaviour/site.md#home). Hidden until the company number is known. */
export function WhatsAppFloat() {
  const { data } = useEmpresa();
  const href = data?.whatsapp ? whatsappHref(data.whatsapp) : null;
  if (!href) return null;
  return (
    <a
      href={href}
      className={styles.float}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Fale conosco pelo WhatsApp (abre em nova aba)"
      data-testid="whatsapp-float"
    >
      <WhatsAppIcon size={32} />
    </a>
  );
}
