/**
 * `?service=bond-cleaning` in the address chooses that service in a form's
 * Service select as the page loads, before any island wakes: a visitor who
 * came from a service page's Get a Quote sees their service chosen at once
 * (the quote page, the contact page). The select is uncontrolled, so its
 * island keeps the choice when it hydrates.
 */
export function preselectService() {
  const wanted = new URLSearchParams(location.search).get("service");
  if (!wanted) return;
  for (const select of document.querySelectorAll<HTMLSelectElement>("form select[name=service]")) {
    if (select.value === "" && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
  }
}
