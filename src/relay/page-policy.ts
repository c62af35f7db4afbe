/**
 * The Content-Security-Policy of every page the relay answers with (a form's result page,
 * intake/answers.ts; the customer's booking page, booking/page.ts): nothing loaded from anywhere, its
 * styles inline, its forms posted only back here, never framed. The pages show what visitors typed,
 * escaped; the policy is the second lock on that door.
 */
export const RELAY_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
