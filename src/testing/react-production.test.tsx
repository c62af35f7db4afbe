import { createRequire } from "node:module";
import path from "node:path";
import { useState } from "react";
import { preload } from "react-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { jsx } from "react/jsx-runtime";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
/**
 * The exports of one of React's own modules (its cjs/ folder), as this worker loaded it; undefined if it did
 * not.
 */
const loaded = (pkg: string, file: string) =>
  require.cache[path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "cjs", file)]?.exports as
    Record<string, unknown> | undefined;

describe("the test workers' React (react-production.ts)", () => {
  it("is the production build, as npm run build renders with: what the code imports is React's production modules, and elements carry no development fields", () => {
    expect(loaded("react", "react.production.js")?.useState).toBe(useState);
    expect(loaded("react", "react-jsx-runtime.production.js")?.jsx).toBe(jsx);
    expect(loaded("react-dom", "react-dom.production.js")?.preload).toBe(preload);
    expect(loaded("react-dom", "react-dom-server-legacy.node.production.js")?.renderToStaticMarkup).toBe(
      renderToStaticMarkup,
    );
    // The development build gives each element _owner, _store and _debug fields.
    expect(Object.keys(<p />).sort()).toEqual(["$$typeof", "key", "props", "ref", "type"]);
    expect(
      renderToStaticMarkup(
        <ul>
          {["a", "b"].map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>,
      ),
    ).toBe("<ul><li>a</li><li>b</li></ul>");
  });

  it("leaves NODE_ENV as vitest set it, for the relays and scripts the tests start", () => {
    expect(process.env.NODE_ENV).toBe("test");
  });
});
