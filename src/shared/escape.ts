/**
 * Text made safe to put inside HTML or XML, in element content or a quoted
 * attribute: & < > " ' become numeric character references. The one escaper
 * for markup written as strings (React escapes what it renders itself).
 */
export const escapeMarkup = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
