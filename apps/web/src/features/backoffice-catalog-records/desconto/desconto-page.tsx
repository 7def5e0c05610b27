import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { fromCents } from '@clinica/shared/money';
import type { CondicaoDesconto, CondicaoDescontoInput } from '@clinica/shared/schemas/desconto';
import { textoMin3 } from '@clinica/shared/schemas/backoffice-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import {
  RecordScreen,
  type RecordFieldsProps,
  type RecordScreenConfig,
} from '../../../components/backoffice/crud/record-screen';
import { errorOf, fieldProps, statusOf } from '../../../components/forms/form-helpers';
import { MoneyField, moneyFieldSchema, moneyText } from '../../../components/ui/money-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { useDesconto, useDescontoMutations } from '../api/descontos';
import { hubPath } from '../hub/hub-state';

/**
 * The discount form: descrição of 3 or more characters; valor not empty
 * ('O campo não pode ficar vazio.'), in reais, above zero (the API's rule);
 * ativo.
 */
export const descontoFormSchema = z.object({
  descricao: textoMin3(255),
  valor: moneyFieldSchema().refine((cents) => cents > 0, { error: MSG_BO.condicaoDescontoValorZero }),
  ativo: z.boolean(),
});
type DescontoValues = z.input<typeof descontoFormSchema>;
type DescontoData = z.output<typeof descontoFormSchema>;

function DescontoFields({ form }: RecordFieldsProps<CondicaoDesconto, DescontoValues, DescontoData>) {
  return (
    <>
      <TextField label="Descrição" required maxLength={255} autoComplete="off" {...fieldProps(form, 'descricao')} />
      <Controller
        name="valor"
        control={form.control}
        render={({ field }) => (
          <MoneyField
            label="Valor mínimo de compras"
            required
            hint="Em reais: quando os produtos da sacola somam este valor, o cliente ganha o brinde."
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            error={errorOf(form, 'valor')}
            status={statusOf(form, 'valor')}
          />
        )}
      />
      <SwitchField
        label="Condição ativa"
        description="Só uma condição pode estar ativa: ela vale para todas as sacolas da loja."
        {...form.register('ativo')}
      />
    </>
  );
}

/**
 * /newDiscount 'Cadastro de descontos' and /editDiscount/{id}: a discount
 * condition is the spend (in reais) from which the bag earns the gift; only
 * one may be active (a second one is refused with the server's message, 409).
 * The edit screen starts locked; deleting goes back to /unitarys.
 */
export const descontoScreen: RecordScreenConfig<CondicaoDesconto, DescontoValues, DescontoData, CondicaoDescontoInput> =
  {
    eyebrow: 'Cadastro de unitários',
    titles: { create: 'Cadastro de descontos', edit: 'Editar desconto' },
    description: 'A condição de desconto ativa define o valor de compras a partir do qual o cliente ganha o brinde.',
    list: { href: hubPath('descontos'), backLabel: 'Voltar aos descontos' },
    editHref: (id) => `/editDiscount/${id}`,
    auditoria: 'desconto',
    useRecord: useDesconto,
    useMutations: useDescontoMutations,
    resolver: zodResolver(descontoFormSchema),
    valuesOf: (d) => ({ descricao: d?.descricao ?? '', valor: moneyText(d?.valor), ativo: d?.ativo ?? false }),
    // The form keeps cents; the API takes reais.
    bodyOf: ({ descricao, valor, ativo }) => ({ descricao, valor: fromCents(valor), ativo }),
    card: { newTitle: 'Nova condição de desconto', titleOf: (d) => d.descricao, codeOf: (d) => `Condição #${d.id}` },
    formLabel: 'Dados da condição de desconto',
    createLabel: 'Cadastrar desconto',
    remove: {
      label: 'Excluir desconto',
      title: 'Excluir condição de desconto?',
      messageOf: (d) => `A condição “${d.descricao}” será excluída. A condição ativa não pode ser excluída.`,
    },
    messages: {
      criado: MSG_BO.condicaoDescontoCadastrada,
      editado: MSG_BO.condicaoDescontoAtualizada,
      deletado: MSG_BO.condicaoDescontoDeletada,
    },
    Fields: DescontoFields,
  };

export const DescontoPage = () => <RecordScreen config={descontoScreen} />;

export { DescontoPage as Component };
