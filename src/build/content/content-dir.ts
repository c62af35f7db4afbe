/**
 * The folder a command reads the business's content from: CONTENT_DIR, else content/. One
 * generator, any business: another business's folder builds, serves and deploys from the same code
 * (decision 0088); `npm run build -- --content DIR` says the same for one build.
 */
export const contentDirOf = (env: Record<string, string | undefined> = process.env) =>
  env.CONTENT_DIR?.trim() || "content";
