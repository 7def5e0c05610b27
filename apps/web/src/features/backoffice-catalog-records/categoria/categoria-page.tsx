import { MSG_BO } from '@clinica/shared/messages-backoffice';
import {
  categoriaInputSchema,
  type Categoria,
  type CategoriaData,
  type CategoriaInput,
} from '@clinica/shared/schemas/categoria';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RecordScreen,
  type RecordFieldsProps,
  type RecordScreenConfig,
} from '../../../components/backoffice/crud/record-screen';
import { fieldProps } from '../../../components/forms/form-helpers';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { useCategoria, useCategoriaMutations } from '../api/categorias';
import { hubPath } from '../hub/hub-state';

function CategoriaFields({ form }: RecordFieldsProps<Categoria, CategoriaInput, CategoriaData>) {
  return (
    <>
      <TextField label="Nome" required maxLength={100} autoComplete="off" {...fieldProps(form, 'nome')} />
      <SwitchField
        label="Categoria de produtos digitais"
        description="Ligada: agrupa cursos e outros produtos digitais. Desligada: materiais físicos, com entrega."
        {...form.register('digital')}
      />
    </>
  );
}

/**
 * /newCategory 'Cadastro de categorias' and /editCategory/{id}: the name (3
 * or more characters) and whether the category groups digital products. The
 * edit screen starts locked; deleting goes back to /unitarys (a category with
 * products cannot be deleted: 409 with the server's message).
 */
export const categoriaScreen: RecordScreenConfig<Categoria, CategoriaInput, CategoriaData, CategoriaData> = {
  eyebrow: 'Cadastro de unitários',
  titles: { create: 'Cadastro de categorias', edit: 'Editar categoria' },
  description: 'As categorias agrupam os produtos na loja: materiais físicos ou cursos digitais.',
  list: { href: hubPath('categorias'), backLabel: 'Voltar às categorias' },
  editHref: (id) => `/editCategory/${id}`,
  auditoria: 'categoria',
  useRecord: useCategoria,
  useMutations: useCategoriaMutations,
  resolver: zodResolver(categoriaInputSchema),
  valuesOf: (c) => ({ nome: c?.nome ?? '', digital: c?.digital ?? false }),
  card: { newTitle: 'Nova categoria', titleOf: (c) => c.nome, codeOf: (c) => `Categoria #${c.id}` },
  formLabel: 'Dados da categoria',
  createLabel: 'Cadastrar categoria',
  remove: {
    label: 'Excluir categoria',
    title: 'Excluir categoria?',
    messageOf: (c) => `A categoria “${c.nome}” será excluída. Categorias com produtos não podem ser excluídas.`,
  },
  messages: {
    criado: MSG_BO.categoriaCadastrada,
    editado: MSG_BO.categoriaEditada,
    deletado: MSG_BO.categoriaDeletada,
  },
  Fields: CategoriaFields,
};

export const CategoriaPage = () => <RecordScreen config={categoriaScreen} />;

export { CategoriaPage as Component };
