import { REGIOES, type Regiao } from '@clinica/shared/free-shipping';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { SiglaUf } from '@clinica/shared/schemas/comercial';
import styles from '../commercial-rules-page.module.css';

/**
 * The states of the free-shipping rule, grouped by IBGE region, each region with a box that marks or clears all of
 * its states (mixed while only some are). None marked: every state.
 */
export function UfPicker({
  value,
  onChange,
  disabled,
}: {
  value: readonly SiglaUf[];
  onChange: (ufs: SiglaUf[]) => void;
  disabled?: boolean;
}) {
  const marcadas = new Set<string>(value);
  const mudar = (ufs: readonly string[], marcar: boolean) => {
    const proximas = new Set(marcadas);
    for (const uf of ufs) {
      if (marcar) proximas.add(uf);
      else proximas.delete(uf);
    }
    onChange([...proximas].sort() as SiglaUf[]);
  };
  return (
    <div className={styles.regions}>
      {(Object.entries(REGIOES) as Array<[Regiao, readonly string[]]>).map(([regiao, ufs]) => {
        const todas = ufs.every((uf) => marcadas.has(uf));
        const algumas = !todas && ufs.some((uf) => marcadas.has(uf));
        return (
          <fieldset key={regiao} className={styles.region} disabled={disabled}>
            <legend className={styles.regionName}>{regiao}</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={todas}
                ref={(el) => {
                  if (el) el.indeterminate = algumas;
                }}
                onChange={(e) => mudar(ufs, e.target.checked)}
              />
              <span>{MSG_BO.comercialRegiaoTodos.replace('{regiao}', regiao)}</span>
            </label>
            <div className={styles.ufs}>
              {ufs.map((uf) => (
                <label key={uf} className={styles.check}>
                  <input type="checkbox" checked={marcadas.has(uf)} onChange={(e) => mudar([uf], e.target.checked)} />
                  <span>{uf}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
