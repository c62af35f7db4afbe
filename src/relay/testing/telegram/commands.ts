/**
 * The stand-in's bot commands: setMyCommands, getMyCommands and deleteMyCommands, each list kept
 * by its scope and language, checked as the server checks it.
 *
 * Sources: the Bot API page (https://core.telegram.org/bots/api#setmycommands: "At most 100
 * commands can be specified"; #botcommand: command "1-32 characters. Can contain only lowercase
 * English letters, digits and underscores", description "1-256 characters"; #botcommandscopechat:
 * type "chat" and chat_id), and tdlib's td/telegram/BotCommand.cpp, set_commands: a leading "/" is
 * dropped and both strings trimmed, then "Command must be non-empty", "Command length must not
 * exceed 32", "Command description must be non-empty", "Command description length must not exceed
 * 256"; BotCommandScope.cpp, get_bot_command_scope: a chat scope names a chat the bot can reach
 * ("chat not found" otherwise, as check_chat words it). The characters a command may have are
 * Telegram's servers' check (BOT_COMMAND_INVALID, bots.setBotCommands on core.telegram.org),
 * passed on by the Bot API as a 400.
 */
import { fail, ok, type Core, type Reply } from "./core.ts";

export interface BotCommand {
  command: string;
  description: string;
}

/** The scope types the Bot API knows (https://core.telegram.org/bots/api#botcommandscope). */
const SCOPES = [
  "default",
  "all_private_chats",
  "all_group_chats",
  "all_chat_administrators",
  "chat",
  "chat_administrators",
  "chat_member",
];

/** A scope as the stand-in keys its lists: "default", "chat:-100…"; or why it is refused. */
function scopeKey(c: Core, scope: unknown): { key: string } | { refusal: Reply } {
  if (scope === undefined) return { key: "default" };
  const s = scope as { type?: unknown; chat_id?: unknown; user_id?: unknown } | null;
  if (!s || typeof s.type !== "string")
    return { refusal: fail(400, "Bad Request: can't parse BotCommandScope JSON object") };
  if (!SCOPES.includes(s.type))
    return { refusal: fail(400, "Bad Request: unsupported type specified for BotCommandScope") };
  if (!s.type.startsWith("chat")) return { key: s.type };
  if (s.chat_id === undefined || s.chat_id === "")
    return { refusal: fail(400, "Bad Request: chat_id is empty") };
  const chat = String(s.chat_id);
  // Only a chat the bot is in: the one it is in now, or one it was upgraded from (still readable).
  if (chat !== c.state.currentChatId && !c.state.upgraded.has(chat))
    return { refusal: fail(400, "Bad Request: chat not found") };
  return { key: `${s.type}:${chat}${s.type === "chat_member" ? `:${String(s.user_id)}` : ""}` };
}

function languageOf(body: Record<string, unknown>): string | { refusal: Reply } {
  const code = body.language_code ?? "";
  // BotCommand.cpp, is_valid_language_code: empty, or two lowercase letters.
  if (typeof code !== "string" || (code !== "" && !/^[a-z]{2}$/.test(code)))
    return { refusal: fail(400, "Bad Request: invalid language code specified") };
  return code;
}

/** Checks a list as set_commands does; the commands as kept, or why not. */
function commandsOf(value: unknown): BotCommand[] | { refusal: Reply } {
  if (!Array.isArray(value)) return { refusal: fail(400, 'Bad Request: field "commands" must be an Array') };
  if (value.length > 100)
    // Telegram's servers' BOT_COMMANDS_TOO_MUCH, passed on as it is (fail_query_with_error keeps an upper-case error).
    return { refusal: fail(400, "Bad Request: BOT_COMMANDS_TOO_MUCH") };
  const kept: BotCommand[] = [];
  for (const raw of value as { command?: unknown; description?: unknown }[]) {
    if (typeof raw?.command !== "string" || typeof raw.description !== "string")
      return { refusal: fail(400, "Bad Request: can't parse BotCommand JSON object") };
    const command = raw.command.trim().replace(/^\//, "");
    const description = raw.description.trim();
    if (command === "") return { refusal: fail(400, "Bad Request: command must be non-empty") };
    if ([...command].length > 32)
      return { refusal: fail(400, "Bad Request: command length must not exceed 32") };
    if (description === "")
      return { refusal: fail(400, "Bad Request: command description must be non-empty") };
    if ([...description].length > 256)
      return { refusal: fail(400, "Bad Request: command description length must not exceed 256") };
    if (!/^[a-z0-9_]+$/.test(command)) return { refusal: fail(400, "Bad Request: BOT_COMMAND_INVALID") };
    kept.push({ command, description });
  }
  return kept;
}

export function myCommands(c: Core, method: string, body: Record<string, unknown>): Reply {
  const scope = scopeKey(c, body.scope);
  if ("refusal" in scope) return scope.refusal;
  const language = languageOf(body);
  if (typeof language !== "string") return language.refusal;
  const key = `${scope.key}/${language}`;
  if (method === "getMyCommands") return ok(c.state.commands.get(key) ?? []);
  if (method === "deleteMyCommands") {
    c.state.commands.delete(key);
    return ok(true);
  }
  const commands = commandsOf(body.commands);
  if (!Array.isArray(commands)) return commands.refusal;
  // An empty list is the scope's list deleted (bots.setBotCommands with no commands resets it).
  if (commands.length) c.state.commands.set(key, commands);
  else c.state.commands.delete(key);
  return ok(true);
}
