import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fieldProps } from '../../forms/form-helpers';
import { TextField } from '../../ui/text-field';
import { click, field, renderAt, setupScreenTests, typeInto } from '../../../test/screen-tests';
import { RecordScreen, type RecordFieldsProps, type RecordScreenConfig } from './record-screen';

/* A screen the app does not have (coupons), assembled only from a configuration, with its API in memory. */

interface Cupom {
  id: number;
  codigo: string;
}
const cupomSchema = z.object({ codigo: z.string().trim().min(3, 'Pelo menos 3 caracteres.') });
type CupomValues = z.input<typeof cupomSchema>;
type CupomBody = { codigo: string; origem: string };

function CupomFields({ form }: RecordFieldsProps<Cupom, CupomValues, CupomValues>) {
  return <TextField label="Código" autoComplete="off" {...fieldProps(form, 'codigo')} />;
}

function cupomScreen(api: {
  buscar: (id: number) => Promise<Cupom>;
  salvar: (request: { id: number | null; body: CupomBody }) => Promise<Cupom>;
  excluir: (id: number) => Promise<unknown>;
  enviarAnexo?: (saved: Cupom) => Promise<boolean>;
}): RecordScreenConfig<Cupom, CupomValues, CupomValues, CupomBody> {
  return {
    eyebrow: 'Cadastros da loja',
    titles: { create: 'Cadastro de cupons', edit: 'Editar cupom' },
    description: 'Cupons de desconto.',
    list: { href: '/coupons', backLabel: 'Voltar aos cupons' },
    editHref: (id) => `/editCoupon/${id}`,
    useRecord: (id) => useQuery({ queryKey: ['cupom', id], queryFn: () => api.buscar(id ?? 0), enabled: id !== null }),
    useMutations: () => ({
      salvar: useMutation({ mutationFn: api.salvar }),
      excluir: useMutation({ mutationFn: api.excluir }),
    }),
    resolver: zodResolver(cupomSchema),
    valuesOf: (c) => ({ codigo: c?.codigo ?? '' }),
    bodyOf: ({ codigo }) => ({ codigo: codigo.toUpperCase(), origem: 'back-office' }),
    card: { newTitle: 'Novo cupom', titleOf: (c) => c.codigo, codeOf: (c) => `Cupom #${c.id}` },
    formLabel: 'Dados do cupom',
    createLabel: 'Cadastrar cupom',
    remove: {
      label: 'Excluir cupom',
      title: 'Excluir cupom?',
      messageOf: (c) => `O cupom “${c.codigo}” será excluído.`,
    },
    messages: { criado: 'Cupom cadastrado!', editado: 'Cupom editado!', deletado: 'Cupom excluído!' },
    Fields: CupomFields,
    ...(api.enviarAnexo && {
      useAttachment: () => ({
        field: () => <p>Anexo do cupom</p>,
        busy: false,
        send: api.enviarAnexo!,
        reset: () => undefined,
      }),
    }),
  };
}

function renderCupom(path: string, config: ReturnType<typeof cupomScreen>) {
  const page = <RecordScreen config={config} />;
  return renderAt(path, {
    '/newCoupon': page,
    '/editCoupon/:id': page,
    '/coupons': <p>Lista de cupons</p>,
  });
}

describe('RecordScreen: a new back-office screen from a configuration', () => {
  setupScreenTests();

  it('create: its texts and fields, its rules, the body through bodyOf, the toast and back to its list', async () => {
    const salvar = vi.fn(async ({ body }: { id: number | null; body: CupomBody }) => ({ id: 7, codigo: body.codigo }));
    const { router } = renderCupom('/newCoupon', cupomScreen({ buscar: vi.fn(), salvar, excluir: vi.fn() }));
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro de cupons' })).toBeTruthy();
    expect(screen.getByText('Cadastros da loja')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Novo cupom' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Voltar aos cupons/ }).getAttribute('href')).toBe('/coupons');
    typeInto('Código', 'ab');
    click('Cadastrar cupom');
    expect(await screen.findByText('Pelo menos 3 caracteres.')).toBeTruthy();
    expect(salvar).not.toHaveBeenCalled();
    typeInto('Código', 'natal10');
    click('Cadastrar cupom');
    expect(await screen.findByText('Cupom cadastrado!')).toBeTruthy();
    expect(salvar.mock.calls[0]![0]).toEqual({ id: null, body: { codigo: 'NATAL10', origem: 'back-office' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons'));
  });

  it('edit: locked until Editar; the delete asks its question, then deletes and goes back to the list', async () => {
    const excluir = vi.fn(async (_id: number) => undefined);
    const { router } = renderCupom(
      '/editCoupon/4',
      cupomScreen({ buscar: async (id) => ({ id, codigo: 'PASCOA' }), salvar: vi.fn(), excluir }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'PASCOA' })).toBeTruthy();
    expect(screen.getByText('Cupom #4')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar cupom' })).toBeTruthy();
    expect(field('Código').matches(':disabled')).toBe(true);
    click('Editar');
    expect(field('Código').matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Salvar alterações' })).toBeTruthy();
    click('Excluir cupom');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Excluir cupom?')).toBeTruthy();
    expect(within(dialog).getByText('O cupom “PASCOA” será excluído.')).toBeTruthy();
    click('Excluir');
    expect(await screen.findByText('Cupom excluído!')).toBeTruthy();
    expect(excluir.mock.calls[0]![0]).toBe(4);
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons'));
  });

  it('an attachment refused after a creation opens the new record’s edit screen to try again', async () => {
    const enviarAnexo = vi.fn(async () => false);
    const { router } = renderCupom(
      '/newCoupon',
      cupomScreen({
        buscar: async (id) => ({ id, codigo: 'NOVO10' }),
        salvar: async ({ body }) => ({ id: 9, codigo: body.codigo }),
        excluir: vi.fn(),
        enviarAnexo,
      }),
    );
    expect(screen.getByText('Anexo do cupom')).toBeTruthy();
    typeInto('Código', 'novo10');
    click('Cadastrar cupom');
    await waitFor(() => expect(router.state.location.pathname).toBe('/editCoupon/9'));
    expect(enviarAnexo).toHaveBeenCalledWith({ id: 9, codigo: 'NOVO10' });
    expect(screen.getByText('Cupom cadastrado!')).toBeTruthy();
  });
});
