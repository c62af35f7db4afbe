/** Times as the owner reads them, in Brisbane (UTC+10 all year): on a notice, a reminder, the digest. */
const brisbaneTime = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Brisbane",
  dateStyle: "long",
  timeStyle: "long",
});

/** "12 March 2025 at 3:04:05 pm AEST": the submission time where the business is. */
export const formatBrisbaneTime = (date: Date) => brisbaneTime.format(date);

const clockTime = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Brisbane",
  hour: "numeric",
  minute: "2-digit",
});
const shortDay = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Brisbane",
  day: "numeric",
  month: "short",
});

/** "3:04 pm" in Brisbane, with the day ("3:04 pm, 24 Nov") when it is not the day the lead arrived. */
export function brisbaneClock(at: number, sameDayAs?: number): string {
  const clock = clockTime.format(at).replace(/\u202f/g, " ");
  return sameDayAs !== undefined && shortDay.format(at) === shortDay.format(sameDayAs)
    ? clock
    : `${clock}, ${shortDay.format(at)}`;
}
