/** Every table of the product, re-exported from the modules that own them. */
export * from '../modules/usuario/usuario.table.js';
export * from '../modules/geografia/geografia.table.js';
export * from '../modules/cliente/cliente.table.js';
export * from '../modules/endereco/endereco.table.js';
export * from '../modules/empresa/empresa.table.js';
export * from '../modules/categoria/categoria.table.js';
export * from '../modules/autor/autor.table.js';
export * from '../modules/produto/produto.table.js';
export * from '../modules/conteudo/conteudo.table.js';
export * from '../modules/avaliacao/avaliacao.table.js';
export * from '../modules/desconto/desconto.table.js';
export * from '../modules/pedido/pedido.table.js';
export * from '../modules/pagamento/pagamento.table.js';
export * from '../modules/email/email.table.js';
export * from '../modules/idempotencia/idempotencia.table.js';
export * from '../modules/seguranca/seguranca.table.js';
export * from '../modules/tarefa/tarefa.table.js';
