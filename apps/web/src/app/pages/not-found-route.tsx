import { NotFoundPage } from '../../components/ui/not-found-page';

/** `*`: any other path shows 'Página não encontrada!' (docs/behaviour/site.md#not-found). */
export function Component() {
  return (
    <NotFoundPage text="O endereço que você acessou não existe. Confira o link ou continue navegando pela clínica e pela loja." />
  );
}
