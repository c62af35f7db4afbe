/**
 * The dev server's server-sent events: each open page keeps a stream, and a
 * finished build tells every page to reload, or shows its error over the
 * last good build. A comment every 15 s keeps idle streams open through
 * proxies and finds the ones the browser closed.
 */
export class DevEvents {
  private clients = new Set<ReadableStreamDefaultController<Uint8Array>>();
  private encoder = new TextEncoder();
  private keepAlive = setInterval(() => this.write(": ping\n\n"), 15_000);

  constructor() {
    this.keepAlive.unref();
  }

  /** A new page's stream; `error` is the build error it should show at once, if any. */
  stream(error: string | undefined): Response {
    let me: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => {
        me = c;
        this.clients.add(c);
        c.enqueue(this.encoder.encode(": connected\n\n"));
        if (error) this.send(c, "build-error", { message: error });
      },
      cancel: () => {
        this.clients.delete(me);
      },
    });
    return new Response(stream, {
      headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store" },
    });
  }

  broadcast(event: "reload" | "build-error", data: unknown) {
    for (const c of this.clients) this.send(c, event, data);
  }

  close() {
    clearInterval(this.keepAlive);
    for (const c of this.clients) {
      try {
        c.close();
      } catch {
        // already closed by the browser
      }
    }
    this.clients.clear();
  }

  private send(c: ReadableStreamDefaultController<Uint8Array>, event: string, data: unknown) {
    this.enqueue(c, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(text: string) {
    for (const c of this.clients) this.enqueue(c, text);
  }

  private enqueue(c: ReadableStreamDefaultController<Uint8Array>, text: string) {
    try {
      c.enqueue(this.encoder.encode(text));
    } catch {
      this.clients.delete(c);
    }
  }
}
