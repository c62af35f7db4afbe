/**
 * HTTP/1.1 as bytes on a socket, for what fetch and node:http will not send:
 * a request target that is not a path, a malformed or repeated Host header, a
 * CONNECT or TRACE. The request should carry `Connection: close`, since the
 * answer is read until the server closes the connection.
 */
import { connect } from "node:net";

export interface RawResponse {
  /** 0 when the connection closed without a status line. */
  status: number;
  /** Every header line as sent, repeated names kept apart; names lower-cased. */
  headers: [name: string, value: string][];
  /** What followed the headers, de-chunked when sent in chunks. */
  body: string;
  /**
   * Whether the body ended as it said it would (the last chunk, or Content-Length bytes) before the
   * connection closed.
   */
  complete: boolean;
}

/** Sends `text` as is to the server at `url` (only its host and port are read) and reads the answer. */
export function rawRequest(url: string, text: string, { timeoutMs = 10_000 } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ""));
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(
        new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(text.split("\r\n")[0])}`),
      ),
    );
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseResponse(Buffer.concat(chunks).toString("latin1"))));
    socket.write(text);
  });
}

function parseResponse(text: string): RawResponse {
  const end = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = (end < 0 ? text : text.slice(0, end)).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = lines.map((line): [string, string] => {
    const at = line.indexOf(":");
    return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
  });
  const rest = end < 0 ? "" : text.slice(end + 4);
  const named = (name: string) => headers.find(([n]) => n === name)?.[1];
  if (named("transfer-encoding")?.toLowerCase() !== "chunked") {
    const length = named("content-length");
    return {
      status,
      headers,
      body: rest,
      complete: end >= 0 && (length === undefined || rest.length === Number(length)),
    };
  }
  let body = "";
  let at = 0;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n", at);
    if (lineEnd < 0) return { status, headers, body, complete: false };
    const size = parseInt(rest.slice(at, lineEnd), 16);
    if (size === 0) return { status, headers, body, complete: true };
    if (!(size > 0) || rest.length < lineEnd + 2 + size)
      return { status, headers, body: body + rest.slice(lineEnd + 2), complete: false };
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}
