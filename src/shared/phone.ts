/** Phone numbers as the business writes them ("0491 570 156") and as links and data need them. */

/** "0491 570 156" → "tel:+61491570156"; "(07) 5550 1234" → "tel:+61755501234". */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone)}`;
}

/** "0491 570 156" → "+61491570156": the E.164 form, for tel: links and structured data. */
export function internationalPhone(phone: string): string {
  return "+61" + phone.replace(/\D/g, "").replace(/^0/, "");
}
