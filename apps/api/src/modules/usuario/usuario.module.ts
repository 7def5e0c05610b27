import type { ApiModule } from '../../app-context.js';
import { usuarioRoutes } from './usuario.routes.js';

/** Sign-in, sessions and the manager's user accounts. */
export const usuarioModule: ApiModule = async (api, { usuarioService }) => {
  await api.register(usuarioRoutes, { service: usuarioService });
};
