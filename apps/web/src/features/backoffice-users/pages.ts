/*
 * The users-and-access screens (SPEC §2, ADMIN), behind one lazy import in
 * app/routes.tsx: one loader in the entry for the three routes (QUALITY P6).
 */
export { ControlAccessPage } from './control-access-page';
export { UserPage } from './user-page';
