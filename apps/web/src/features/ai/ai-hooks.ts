/** A positive whole number from the address, or null. */
export const parseId = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};
