/*
 * The users-and-access screens (ADMIN), behind one lazy import in app/routes.tsx:
 * one loader in the entry for the three routes (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export { ControlAccessPage } from './control-access-page';
export { UserPage } from './user-page';
