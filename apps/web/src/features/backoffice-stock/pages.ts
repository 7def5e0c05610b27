/*
 * The stock screens (docs/behaviour/back-office.md#stock), behind one lazy import in app/routes-private.tsx
 * (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export { LowStockPage } from './low-stock-page';
