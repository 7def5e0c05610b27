import { formatInstallmentLabel, installmentOptions } from '@clinica/shared/installments';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { formatPixPrice, pixPrice } from '@clinica/shared/pix-discount';
import { useWatch, type Control } from 'react-hook-form';
import { PREVIA_CENTS, regraDigitada, type RegrasValues } from '../commercial-rules-form';
import styles from '../commercial-rules-page.module.css';

/**
 * The live simulation beside the form: what a R$ 1.000,00 purchase would offer with the rules as typed, every
 * installment option (as the checkout's select lists them) and the PIX price. Values the rules refuse are read as
 * the rule reads them (installments.ts makes a rule sane), so the preview never breaks while typing.
 */
export function InstallmentPreview({ control }: { control: Control<RegrasValues, unknown, unknown> }) {
  const parcelamento = useWatch({ control, name: 'parcelamento' });
  const pix = useWatch({ control, name: 'pix.desconto' });
  const regra = regraDigitada(parcelamento, pix);
  const opcoes = installmentOptions(PREVIA_CENTS, regra.parcelamento);
  const noPix = Number.isFinite(regra.pix) && regra.pix > 0 ? pixPrice(PREVIA_CENTS, regra.pix) : PREVIA_CENTS;
  return (
    <section className={styles.preview} aria-labelledby="previa-titulo" data-testid="commercial-preview">
      <h2 id="previa-titulo" className={styles.previewTitle}>
        {MSG_BO.comercialPrevia}
      </h2>
      <p className={styles.previewDescription}>{MSG_BO.comercialPreviaDescricao}</p>
      <h3 className={styles.previewHeading}>{MSG_BO.comercialPreviaParcelas}</h3>
      <ol className={styles.previewList}>
        {opcoes.map((o) => (
          <li key={o.parcelas} data-juros={o.semJuros ? undefined : true}>
            {formatInstallmentLabel(o)}
          </li>
        ))}
      </ol>
      <h3 className={styles.previewHeading}>{MSG_BO.comercialPreviaPix}</h3>
      <p className={styles.previewPix}>{formatPixPrice(noPix)}</p>
    </section>
  );
}
