/**
 * The CMS at /admin/ (Sveltia CMS, decision 0090), bundled by the build from the pinned npm
 * package into dist/admin/ (src/build/cms/admin.ts), so the editor loads nothing from another
 * host. It reads its configuration from the `<link rel="cms-config-url">` of admin/index.html.
 * Started here rather than by Sveltia's own start-up check, which looks for a classic script
 * named sveltia-cms.js: this bundle is a module, and its chunks load as the editor needs them.
 */
import CMS from "@sveltia/cms";

void CMS.init();
