/** The product page of a product (docs/behaviour/catalogue-and-search.md#product-page; the optional flag is left out). */
export const productPath = (id: number): string => `/details/${id}`;
