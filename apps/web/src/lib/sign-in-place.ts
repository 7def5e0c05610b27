/**
 * A shopper keeps their place across signing in (docs/behaviour/accounts-and-sign-in.md#keeping-the-shoppers-place).
 * What each page hands the next one travels in the router's location state, never in the URL:
 *
 * - to /signIn: `paraSacola` when sign-in starts from the bag (or from the notice of a /checkout that sent a visitor
 *   away), and the `email` a sign-up just made;
 * - to /signIn: `voltarPara` (a path of this site) and `favoritar` (a product id) when a visitor pressed a product's
 *   heart (ADR 045): after signing in the product is a favourite and the shopper is back where they were;
 * - to /loja: `abrirSacola` after such a sign-in (the header opens the bag, once), and `entrarParaFinalizar` when
 *   /checkout sent a visitor there (the store tells them to sign in to finish the purchase).
 *
 * The states below are module constants: a <Navigate> re-runs when its props change identity.
 */
export interface SignInPlace {
  email?: string;
  paraSacola?: boolean;
  abrirSacola?: boolean;
  entrarParaFinalizar?: boolean;
  voltarPara?: string;
  favoritar?: number;
}

/** /signIn from the bag: after signing in, /loja opens with the bag open. */
export const SIGN_IN_FROM_BAG: SignInPlace = { paraSacola: true };
/** /loja after a sign-in that started from the bag. */
export const STORE_WITH_BAG_OPEN: SignInPlace = { abrirSacola: true };
/** /loja for a visitor /checkout sent away. */
export const STORE_SIGN_IN_TO_FINISH: SignInPlace = { entrarParaFinalizar: true };

/** The place a location state carries (only this app writes history state; anything else reads as no place). */
export const placeOf = (state: unknown): SignInPlace =>
  typeof state === 'object' && state !== null ? (state as SignInPlace) : {};
