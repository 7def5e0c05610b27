/** The product page of a product (SPEC §2 /details/{productId}; the optional flag is left out). */
export const productPath = (id: number): string => `/details/${id}`;
