/*
 * The coupon screens (docs/behaviour/back-office.md#coupons), behind one lazy import in app/routes.tsx: one loader
 * in the entry for the four routes (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export { CouponPage } from './coupon-page';
export { CouponsPage } from './coupons-page';
export { CouponUsagePage } from './coupon-usage-page';
