import { maskCep, maskTelefone } from '@clinica/shared/masks';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import type { EnderecoCatalogo } from '@clinica/shared/schemas/catalogo-enderecos';
import { MapPin } from 'lucide-react';
import styles from './address-card.module.css';

/**
 * What an address of the book shows, one way in the profile and at checkout: its name with 'Padrão', street and
 * number (and complement), district, city/UF and CEP, and who receives when set.
 */
export function AddressSummary({ endereco }: { endereco: EnderecoCatalogo }) {
  const rua = [`${endereco.logradouro}, ${endereco.numero}`, endereco.complemento].filter(Boolean).join(' - ');
  const recebe = [endereco.nomeRecebedor, endereco.telefoneRecebedor && maskTelefone(endereco.telefoneRecebedor)]
    .filter(Boolean)
    .join(' · ');
  return (
    <span className={styles.summary}>
      <span className={styles.head}>
        <MapPin size={16} aria-hidden="true" className={styles.pin} />
        <strong className={styles.name}>{endereco.nome}</strong>
        {endereco.padrao && <span className={styles.badge}>{MSG_ENDERECOS.padrao}</span>}
      </span>
      <span className={styles.line}>{rua}</span>
      <span className={styles.line}>
        {endereco.bairro} · {endereco.municipio.nome}/{endereco.uf.sigla}
      </span>
      <span className={styles.line}>CEP {maskCep(endereco.cep)}</span>
      {recebe && <span className={styles.muted}>{MSG_ENDERECOS.recebe.replace('{nome}', recebe)}</span>}
    </span>
  );
}
