/*
 * The back-office product screens, behind one lazy import in app/routes.tsx:
 * the entry carries a single loader (and one list of its chunks) for the four
 * routes instead of four (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export { ProductsPage } from './products-page';
export { NewProductPage } from './new-product-page';
export { EditProductPage } from './edit-product-page';
export { ProductImagesPage } from './product-images-page';
