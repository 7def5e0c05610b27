import { MSG_PRIVACIDADE } from '@clinica/shared/messages-privacidade';
import { CircleAlert, Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { OfertasEmailField } from '../../../components/forms/ofertas-email-field';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { forgetLocalSession } from '../../../lib/auth-api';
import { baixarDados, useConsentimentos, useConsentir, useExcluirConta } from '../../../lib/privacidade';
import styles from './privacy-section.module.css';

const dataHora = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

/**
 * 'Privacidade e dados' of /user/{id} (docs/behaviour/accounts-and-sign-in.md#privacy, ADR 038): the marketing
 * consent in one click, 'Baixar meus dados' (JSON and a readable summary) and 'Excluir minha conta' (with the
 * password).
 */
export function PrivacySection({ clientId }: { clientId: number }) {
  const consentimentos = useConsentimentos(clientId);
  const consentir = useConsentir(clientId);
  const [baixando, setBaixando] = useState(false);
  const [excluindo, setExcluindo] = useState(false);
  const atual = consentimentos.data;

  const baixar = async () => {
    setBaixando(true);
    try {
      await baixarDados(clientId);
      notifySuccess(MSG_PRIVACIDADE.dadosBaixados);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBaixando(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="privacidade-dados">
      <header className={styles.header}>
        <ShieldCheck size={22} aria-hidden="true" className={styles.icon} />
        <div>
          <h2 id="privacidade-dados" className={styles.title}>
            {MSG_PRIVACIDADE.secaoTitulo}
          </h2>
          <p className={styles.text}>{MSG_PRIVACIDADE.secaoTexto}</p>
        </div>
      </header>

      <div className={styles.grid}>
        <div className={styles.block}>
          {atual ? (
            <>
              <OfertasEmailField
                checked={atual.ofertasEmail}
                disabled={consentir.isPending}
                onChange={(ofertasEmail) =>
                  consentir.mutate(ofertasEmail, {
                    onSuccess: (envelope) => notifySuccess(envelope.message),
                    onError: (error) => notifyApiError(error),
                  })
                }
              />
              <p className={styles.status} data-testid="consentimento-status">
                {atual.ofertasEmail && atual.ofertasEmailEm
                  ? MSG_PRIVACIDADE.consentimentoAtivo.replace('{data}', dataHora(atual.ofertasEmailEm))
                  : MSG_PRIVACIDADE.consentimentoInativo}
              </p>
            </>
          ) : consentimentos.isError ? (
            <p className={styles.text} role="alert">
              <CircleAlert size={16} aria-hidden="true" /> Não foi possível carregar sua preferência de e-mails.
            </p>
          ) : null}
        </div>

        <div className={styles.block}>
          <Button variant="outline" onClick={() => void baixar()} loading={baixando} fullWidth>
            <Download size={18} aria-hidden="true" />
            {MSG_PRIVACIDADE.baixarDados}
          </Button>
          <p className={styles.text}>{MSG_PRIVACIDADE.baixarDadosAjuda}</p>
        </div>

        <div className={styles.block}>
          <Button variant="danger" onClick={() => setExcluindo(true)} fullWidth>
            <Trash2 size={18} aria-hidden="true" />
            {MSG_PRIVACIDADE.excluirConta}
          </Button>
          <p className={styles.text}>{MSG_PRIVACIDADE.excluirContaAjuda}</p>
        </div>
      </div>

      <DeleteAccountDialog clientId={clientId} open={excluindo} onOpenChange={setExcluindo} />
    </section>
  );
}

function DeleteAccountDialog({
  clientId,
  open,
  onOpenChange,
}: {
  clientId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const excluir = useExcluirConta(clientId);
  const navigate = useNavigate();
  const [senha, setSenha] = useState('');
  const [erro, setErro] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!senha) {
      setErro(MSG_PRIVACIDADE.senhaObrigatoria);
      return;
    }
    excluir.mutate(senha, {
      onSuccess: (envelope) => {
        // The server ended every session of the account: this device forgets it before anything else asks.
        forgetLocalSession();
        notifySuccess(envelope.message);
        void navigate('/signIn', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 422) setErro(error.message);
        else notifyApiError(error);
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setSenha('');
          setErro(undefined);
        }
        onOpenChange(o);
      }}
      title={MSG_PRIVACIDADE.excluirTitulo}
      description={MSG_PRIVACIDADE.excluirTexto}
      icon={<Trash2 size={22} />}
      busy={excluir.isPending}
      testId="excluir-conta-dialog"
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <PasswordField
          label={MSG_PRIVACIDADE.excluirSenha}
          value={senha}
          onChange={(e) => {
            setSenha(e.target.value);
            setErro(undefined);
          }}
          error={erro}
          disabled={excluir.isPending}
        />
        <div className={styles.actions}>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)} disabled={excluir.isPending}>
            {MSG_PRIVACIDADE.cancelar}
          </Button>
          <Button variant="danger" type="submit" loading={excluir.isPending}>
            {MSG_PRIVACIDADE.excluirConfirmar}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
