import { formatPhone } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { ASSUNTOS_CONTATO, contatoSchema, type AssuntoContato } from '@clinica/shared/schemas/email';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import { fieldProps, FormMaskedField } from '../../../components/forms/form-helpers';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/page-part';
import { useEnviarContato } from '../api/enviar-contato';
import { CONTATO } from '../content/contato';
import styles from './contact-page.module.css';
import { TextareaField } from './textarea-field';

/**
 * The contract's rules (packages/shared contatoSchema), with the
 * subject typed as the select's string: an empty choice gets the schema's
 * own 'Selecione um assunto'.
 */
const formSchema = contatoSchema.extend({ assunto: z.string().pipe(contatoSchema.shape.assunto) });
type ContatoValues = z.input<typeof formSchema>;
type ContatoData = z.output<typeof formSchema>;

const EMPTY: ContatoValues = { nome: '', email: '', telefone: '', assunto: '', mensagem: '' };
const ASSUNTO_OPTIONS = Object.entries(ASSUNTOS_CONTATO).map(([value, label]) => ({ value, label }));
const MENSAGEM_MAX = 4000;

const isAssunto = (value: string | null): value is AssuntoContato =>
  value !== null && Object.hasOwn(ASSUNTOS_CONTATO, value);

/** 400 answers carry per-field messages: `{ errors: [{ campo, mensagem }] }`. */
function fieldErrorsOf(error: unknown): { campo: string; mensagem: string }[] {
  const content = isApiError(error) ? (error.content as { errors?: unknown } | null) : null;
  return Array.isArray(content?.errors) ? (content.errors as { campo: string; mensagem: string }[]) : [];
}

/**
 * The /contato form (docs/behaviour/site.md#contact): every field required, checked on change
 * after the first interaction; POST /email/emailcontato with the parsed
 * values (phone as digits, e-mail in lower case); success toast and an empty
 * form, or the error toast (the server's message on 400 and 429). `assunto`
 * (from `?assunto=`) preselects the subject when it is one of the list.
 */
export function ContactForm({ assunto }: { assunto: string | null }) {
  const send = useEnviarContato();
  const hydrated = useHydrated();
  const form = useForm<ContatoValues, unknown, ContatoData>({
    resolver: zodResolver(formSchema),
    mode: 'all',
    defaultValues: { ...EMPTY, assunto: isAssunto(assunto) ? assunto : '' },
  });
  const bind = (name: Path<ContatoValues>) => fieldProps(form, name);
  const mensagem = useWatch({ control: form.control, name: 'mensagem' });

  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: () => {
        notifySuccess(MSG.mensagemEnviada);
        form.reset(EMPTY);
      },
      onError: (error) => {
        const known = isApiError(error) && (error.status === 400 || error.status === 429);
        for (const { campo, mensagem: message } of fieldErrorsOf(error)) {
          if (campo in EMPTY) form.setError(campo as Path<ContatoValues>, { message }, { shouldFocus: false });
        }
        notifyError(known && error.message ? error.message : MSG.erroEnviarMensagem);
      },
    }),
  );

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="contato-form-title">
      <h2 id="contato-form-title" className={styles.cardTitle}>
        {CONTATO.formularioTitulo}
      </h2>
      {/* Disabled together while the message is on its way, and until the app runs the form. */}
      <fieldset className={styles.fields} disabled={send.isPending || !hydrated}>
        <div className={styles.row}>
          <TextField label="Nome" autoComplete="name" required {...bind('nome')} />
          <TextField
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="seu@email.com.br"
            required
            {...bind('email')}
          />
        </div>
        <div className={styles.row}>
          <FormMaskedField
            form={form}
            name="telefone"
            label="Telefone"
            mask={formatPhone}
            placeholder="(00) 0 0000-0000"
            inputMode="tel"
            autoComplete="tel-national"
            required
          />
          <SelectField
            label="Assunto"
            placeholder="Selecione um assunto"
            options={ASSUNTO_OPTIONS}
            required

            {...bind('assunto')}
          />
        </div>
        <TextareaField
          label="Mensagem"
          rows={6}
          maxLength={MENSAGEM_MAX}
          required

          hint={`${mensagem.length.toLocaleString('pt-BR')} de ${MENSAGEM_MAX.toLocaleString('pt-BR')} caracteres`}
          {...bind('mensagem')}
        />
      </fieldset>
      <p className={styles.privacy}>{CONTATO.privacidade}</p>
      <div className={styles.actions}>
        <Button type="submit" size="lg" loading={send.isPending} disabled={!hydrated}>
          <Send size={18} aria-hidden="true" />
          Enviar mensagem
        </Button>
      </div>
    </form>
  );
}
