import type { SiteData } from "../content/content.ts";

/** "08:00" → "8AM", "18:30" → "6:30PM": how the specification writes hours. */
export function formatTime(time: string): string {
  const [h, m] = time.split(":").map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""}${h < 12 ? "AM" : "PM"}`;
}

/** One line per row of opening hours, e.g. "Mon-Fri: 8AM-6PM", "Sun: Closed". */
export function formatHours(hours: SiteData["hours"]): string[] {
  return hours.map(
    (h) => `${h.label}: ${h.opens && h.closes ? `${formatTime(h.opens)}-${formatTime(h.closes)}` : "Closed"}`,
  );
}
