/**
 * The customer's address book (docs/behaviour/accounts-and-sign-in.md#address-book, ADR 033): named delivery
 * addresses, one of them the default. The customer reaches only their own book (the path's client id is theirs);
 * the staff may read any client's.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG_ENDERECOS } from '../messages-enderecos.js';
import { idParam, safeText } from './common.js';
import { enderecoInputSchema, enderecoSchema } from './endereco.js';
import { optionalText, telefoneField } from './fields.js';

/** The name of an address: 'Clínica', 'Casa', 'Consultório 2'; 1 to 40 characters. */
const nomeEnderecoField = safeText().min(1, MSG_ENDERECOS.nomeVazio).max(40, MSG_ENDERECOS.nomeLongo);

/** An address of the book as written: the address fields of sign-up and profile, its name and who receives. */
const enderecoCatalogoInputSchema = enderecoInputSchema.extend({
  nome: nomeEnderecoField,
  /** The order's nomeRecebedor when this address is chosen; blank reads as null. */
  nomeRecebedor: optionalText(150),
  /** The order's telefoneRecebedor (10 or 11 digits); blank reads as null. */
  telefoneRecebedor: safeText()
    .nullish()
    .transform((v) => v || null)
    .pipe(telefoneField.nullable()),
});
export type EnderecoCatalogoInput = z.input<typeof enderecoCatalogoInputSchema>;

/** What the book adds to an address (name and who receives), with the same rules: the web's form of them. */
export const extrasCatalogoSchema = enderecoCatalogoInputSchema.pick({
  nome: true,
  nomeRecebedor: true,
  telefoneRecebedor: true,
});
export type EnderecoCatalogoData = z.output<typeof enderecoCatalogoInputSchema>;

/** An address of the book as the API answers it (the fields of the client's `endereco`, plus the book's). */
const enderecoCatalogoSchema = enderecoSchema.extend({
  nome: z.string(),
  nomeRecebedor: z.string().nullable(),
  telefoneRecebedor: z.string().nullable(),
  /** The default address, chosen first at checkout; exactly one in a book that is not empty. */
  padrao: z.boolean(),
  /** The registered address (the profile's `endereco`): changes with it, and cannot be deleted. */
  cadastro: z.boolean(),
});
export type EnderecoCatalogo = z.infer<typeof enderecoCatalogoSchema>;

/** The book, the default first and then by creation. */
const catalogoSchema = z.object({ enderecos: z.array(enderecoCatalogoSchema) });
export type Catalogo = z.infer<typeof catalogoSchema>;

const clienteParams = z.object({ clientId: idParam });
const enderecoParams = z.object({ clientId: idParam, id: idParam });

export const catalogoEnderecosApi = {
  listar: defineEndpoint({
    method: 'GET',
    path: '/cliente/:clientId/enderecos',
    summary: 'Catálogo de endereços de entrega do cliente (o padrão primeiro)',
    params: clienteParams,
    response: catalogoSchema,
  }),
  criar: defineEndpoint({
    method: 'POST',
    path: '/cliente/:clientId/enderecos',
    summary: 'Adiciona um endereço ao catálogo do cliente',
    description:
      'Município de outro estado: 422. Catálogo cheio (10 endereços): 422. O primeiro endereço de um catálogo vazio é o padrão.',
    params: clienteParams,
    body: enderecoCatalogoInputSchema,
    response: enderecoCatalogoSchema,
    status: 201,
  }),
  editar: defineEndpoint({
    method: 'PUT',
    path: '/cliente/:clientId/enderecos/:id',
    summary: 'Altera um endereço do catálogo (o do cadastro altera também o endereço do perfil)',
    params: enderecoParams,
    body: enderecoCatalogoInputSchema,
    response: enderecoCatalogoSchema,
  }),
  excluir: defineEndpoint({
    method: 'DELETE',
    path: '/cliente/:clientId/enderecos/:id',
    summary: 'Exclui um endereço do catálogo; se era o padrão, outro passa a ser',
    description: 'O endereço do cadastro não é excluído: 422.',
    params: enderecoParams,
    response: catalogoSchema,
  }),
  tornarPadrao: defineEndpoint({
    method: 'PUT',
    path: '/cliente/:clientId/enderecos/:id/padrao',
    summary: 'Torna um endereço do catálogo o padrão',
    params: enderecoParams,
    response: catalogoSchema,
  }),
};
