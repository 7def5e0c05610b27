/** Every table of the product, re-exported from the modules that own them. */
export * from '../modules/usuario/usuario.table.js';
