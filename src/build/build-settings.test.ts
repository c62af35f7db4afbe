import { describe, expect, it } from "vitest";
import { BuildSettingError, buildSettings } from "./build-settings.ts";
import { formActions } from "../shared/relay-paths.ts";

describe("npm run build's settings", () => {
  it("takes RELAY_URL and SITE_URL as https origins (a trailing slash dropped), and http on this machine only", () => {
    expect(
      buildSettings({
        RELAY_URL: "https://relay.jacaranda.com.au/",
        SITE_URL: " https://www.jacaranda.com.au ",
      }),
    ).toEqual({ relayOrigin: "https://relay.jacaranda.com.au", siteUrl: "https://www.jacaranda.com.au" });
    expect(buildSettings({ RELAY_URL: "http://localhost:8787" }).relayOrigin).toBe("http://localhost:8787");
    expect(buildSettings({ RELAY_URL: "", SITE_URL: undefined })).toEqual({
      relayOrigin: undefined,
      siteUrl: undefined,
    });
    expect(
      formActions(buildSettings({ RELAY_URL: "https://relay.jacaranda.com.au/" }).relayOrigin).quote,
    ).toBe("https://relay.jacaranda.com.au/api/quote");
  });

  it("refuses a RELAY_URL the forms could not post to, and a SITE_URL no link could use, naming each and what it would break", () => {
    const refused = (env: Record<string, string>) => {
      try {
        buildSettings(env);
      } catch (error) {
        expect(error).toBeInstanceOf(BuildSettingError);
        return (error as Error).message.split("\n");
      }
      throw new Error("expected the settings to be refused");
    };
    // Without a scheme the forms' action was relative: every post went to a page of the site itself.
    expect(refused({ RELAY_URL: "relay.jacaranda.com.au", SITE_URL: "www.jacaranda.com.au" })).toEqual([
      'RELAY_URL="relay.jacaranda.com.au" is not an address such as https://relay.your-domain.com.au (https://, the host, no path); the forms would post to a page of the site and every lead would be lost.',
      'SITE_URL="www.jacaranda.com.au" is not an address such as https://www.your-domain.com.au (https://, the host, no path); every canonical link, the sitemap and the structured data would name a wrong address.',
    ]);
    for (const relay of [
      "https://relay.jacaranda.com.au/api",
      "http://relay.jacaranda.com.au",
      "ftp://relay.jacaranda.com.au",
    ])
      expect(refused({ RELAY_URL: relay })).toHaveLength(1);
  });

  it("takes the editor's repository, branch and sign-in Worker, and refuses a repository not written owner/name", () => {
    expect(
      buildSettings({
        CMS_REPO: " jacaranda-cleaning/website ",
        CMS_BRANCH: "live",
        CMS_AUTH_URL: "https://sveltia-cms-auth.jacaranda.workers.dev/",
      }),
    ).toMatchObject({
      cmsRepo: "jacaranda-cleaning/website",
      cmsBranch: "live",
      cmsAuthUrl: "https://sveltia-cms-auth.jacaranda.workers.dev",
    });
    expect(buildSettings({})).toMatchObject({
      cmsRepo: undefined,
      cmsBranch: undefined,
      cmsAuthUrl: undefined,
    });
    for (const [env, said] of [
      [
        { CMS_REPO: "https://github.com/jacaranda-cleaning/website" },
        /^CMS_REPO=".*" is not a GitHub repository written as owner\/name/,
      ],
      [{ CMS_REPO: "website" }, /^CMS_REPO="website" is not a GitHub repository/],
      [
        { CMS_AUTH_URL: "sveltia-cms-auth.jacaranda.workers.dev" },
        /^CMS_AUTH_URL=".*" is not an address such as/,
      ],
    ] as const)
      expect(() => buildSettings(env)).toThrow(said);
  });
});
