import { MSG_ESTOQUE } from '@clinica/shared/messages-estoque';
import { aviseMeApi } from '@clinica/shared/schemas/avise-me';
import { BellRing, CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { callEndpointEnvelope, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import styles from './avise-me-form.module.css';

/**
 * 'Avise-me quando chegar' (docs/behaviour/catalogue-and-search.md#avise-me, ADR 032): under a sold-out physical
 * product's 'Produto indisponível'. A signed-in customer confirms with one click (the account's e-mail); a visitor
 * gives an e-mail. The answer says it is registered, or that it already was. Loaded on its own (buy-box.tsx imports
 * it lazily, only for a sold-out product), with its texts in MSG_ESTOQUE: nothing of it weighs on the product page.
 */
export default function AviseMeForm({ produtoId }: { produtoId: number }) {
  const { user } = useSession();
  const cliente = user?.permissao === 'CLIENTE';
  const [email, setEmail] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [pronto, setPronto] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!cliente && email.trim() === '') {
      setErro(MSG_ESTOQUE.aviseMeSemEmail);
      return;
    }
    setEnviando(true);
    setErro(null);
    try {
      const r = await callEndpointEnvelope(aviseMeApi.aviseMe, {
        params: { id: produtoId },
        body: cliente ? {} : { email: email.trim() },
      });
      setPronto(r.message);
    } catch (error) {
      setErro(errorMessage(error));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <section className={styles.box} aria-label={MSG_ESTOQUE.aviseMeTitulo}>
      <h2 className={styles.title}>
        <BellRing size={18} aria-hidden="true" />
        {MSG_ESTOQUE.aviseMeTitulo}
      </h2>
      {pronto ? (
        <p className={styles.done} role="status">
          <CircleCheck size={18} aria-hidden="true" />
          {pronto}
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <p className={styles.text}>{cliente ? MSG_ESTOQUE.aviseMeTextoCliente : MSG_ESTOQUE.aviseMeTexto}</p>
          <div className={styles.row}>
            {!cliente && (
              <TextField
                className={styles.email}
                label="Seu e-mail"
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={erro ?? undefined}
              />
            )}
            <Button type="submit" className={styles.send} loading={enviando}>
              {MSG_ESTOQUE.aviseMeBotao}
            </Button>
          </div>
          {cliente && erro && (
            <p className={styles.error} role="alert">
              {erro}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
