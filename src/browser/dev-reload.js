// The dev server's browser side, injected into every page by `npm run dev`
// (never by a build): reloads the page when a build succeeds, and shows the
// error of a failed build on top of the last good page until it is fixed.
// Styles are set through the CSSOM, which the site's CSP (style-src by hash) allows.
const events = new EventSource("/__dev/events");
/** @type {HTMLElement | null} */
let shown = null;

events.addEventListener("reload", () => location.reload());
events.addEventListener("build-error", (event) => {
  shown?.remove();
  shown = document.createElement("div");
  shown.id = "dev-build-error";
  shown.setAttribute("role", "alert");
  shown.style.cssText =
    "position:fixed;inset:auto 0 0 0;z-index:2147483647;max-height:60vh;overflow:auto;margin:0;padding:16px 20px;" +
    "background:#450a0a;color:#fff;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;border-top:4px solid #f87171";
  const title = document.createElement("strong");
  title.textContent =
    "The build failed; this is the last good build. Fix the file and save: the page reloads.";
  const text = document.createElement("pre");
  text.style.cssText = "margin:8px 0 0;white-space:pre-wrap";
  text.textContent = JSON.parse(event.data).message;
  shown.append(title, text);
  document.body.append(shown);
});
