/** What the servers that host the relay use of it. */
export { ConfigError, printableApiBase, relayConfig, serverConfig, telegramConfigured, type RelayConfig, type ServerConfig } from "./config.ts";
export type { RelayHandler } from "./relay.ts";
