/** A route id as the API takes it (1 to 2^31-1); anything else is 0 ('not found'). */
export function parseProductId(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return 0;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : 0;
}
