/**
 * The Australian Business Number: 11 digits whose first two are check digits
 * over the other nine. The check is the ATO's published one ("Format of the
 * ABN", http://softwaredevelopers.ato.gov.au/ABNformat):
 *
 *   1. subtract 1 from the first (left) digit;
 *   2. multiply each of the 11 digits by its weight: 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19;
 *   3. add the 11 products;
 *   4. the ABN is valid if the sum divides by 89 with no remainder.
 *
 * It catches a mistyped or transposed digit; whether the ABN is registered,
 * and to whom, only ABN Lookup (abr.business.gov.au) can say.
 */

const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** The ABN as written in content/site.yaml ("51 824 753 556" or "51824753556"), digits only. */
export const abnDigits = (abn: string) => abn.replace(/ /g, "");

/** Whether 11 digits pass the ATO's check (digits only; spaces are the caller's to remove). */
export function abnChecks(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * WEIGHTS[i], 0);
  return sum % 89 === 0;
}

/** "51824753556" → "51 824 753 556": an ABN as it is usually written, in groups of 2, 3, 3 and 3 digits. */
export const formatAbn = (abn: string) =>
  abnDigits(abn).replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3 $4");
