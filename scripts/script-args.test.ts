/**
 * Every script reads its options one way (decision 0082): help asked for three ways, a mistake as
 * one line and the usage with exit code 2, extra arguments refused. new-suburb runs in-process
 * here, as the others' scriptArgs answers the same through readArgs.
 */
import { describe, expect, it } from "vitest";
import { runNewSuburb } from "./new-suburb-cli.ts";
import { readArgs } from "./script-args.ts";
import { capturedIo } from "./script-io.ts";

const spec = {
  usage: "Usage: npm run x -- [--json] [--limit N] NAME",
  most: 1,
  options: { json: { type: "boolean" as const }, limit: { type: "string" as const } },
};

describe("a script's options", () => {
  it("answers --help, -h and help alike with the usage, exit code 0", () => {
    for (const args of [["--help"], ["-h"], ["help"], ["NAME", "--help"]])
      expect(readArgs(args, spec), args.join(" ")).toEqual({ code: 0, text: spec.usage });
  });

  it("names an unknown option plainly, with the one probably meant, then the usage, exit code 2", () => {
    expect(readArgs(["--jsno"], spec)).toEqual({
      code: 2,
      text: `Unknown option --jsno. Did you mean --json?\n${spec.usage}`,
    });
    expect(readArgs(["--bogus"], spec)).toEqual({ code: 2, text: `Unknown option --bogus.\n${spec.usage}` });
    // What is typed is shown as a terminal can show it safely.
    expect(readArgs(["--\u001b[31mred"], spec)).toMatchObject({
      text: expect.stringContaining("--\\x1b[31mred"),
    });
  });

  it("refuses an option without its value, a value given to a switch, and an argument too many", () => {
    expect(readArgs(["--limit"], spec)).toMatchObject({
      code: 2,
      text: expect.stringMatching(/^--limit needs a value\.\n/),
    });
    expect(readArgs(["--json=yes"], spec)).toMatchObject({
      code: 2,
      text: expect.stringMatching(/^--json takes no value\.\n/),
    });
    expect(readArgs(["a", "extra"], spec)).toMatchObject({
      code: 2,
      text: expect.stringMatching(/^Unexpected extra argument: extra\.\n/),
    });
    expect(readArgs(["a", "--limit", "5", "--json"], spec)).toMatchObject({
      values: { limit: "5", json: true },
      positionals: ["a"],
    });
  });

  it("is what npm run new-suburb answers: help on stdout with 0, a mistake on stderr with 2", () => {
    const run = (...args: string[]) => {
      const io = capturedIo({ CONTENT_DIR: "/nonexistent" });
      return { code: runNewSuburb(args, io), ...io.printed };
    };
    expect(run("--help")).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Usage: npm run new-suburb/),
      stderr: "",
    });
    expect(run("help")).toMatchObject({ code: 0, stderr: "" });
    expect(run("--bogus")).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Unknown option --bogus\.\nUsage:/),
    });
    expect(run("Upper Kedron", "4055", "extra")).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Unexpected extra argument: extra\./),
    });
  });
});
