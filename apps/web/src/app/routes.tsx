import type { RouteObject } from 'react-router';
import { composeRoutes } from './routes-entry';
import { privateTable } from './routes-private';

/**
 * Every route (docs/behaviour/README.md#route-access): the public pages (routes-entry.tsx) with the private ones
 * (routes-private.tsx). The server's renderer and the tests use this table; the browser's router starts with the
 * public pages and adds the same private routes when first needed (app/router.tsx), which ends in this table.
 */
export const routes: RouteObject[] = composeRoutes(privateTable);
