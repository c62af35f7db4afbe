/** What the servers that host the relay use of it. */
export {
  ConfigError,
  printableApiBase,
  serverConfig,
  telegramConfigured,
  type ServerConfig,
} from "./config.ts";
