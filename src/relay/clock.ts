/**
 * The business's clock: every time the relay and `npm run leads` compute or
 * write, in the business's IANA time zone (SiteFacts.timeZone, from content/),
 * read through Intl, so a zone with daylight saving (Sydney, Adelaide) is right
 * on both sides of each change. A moment as the business's calendar reads it,
 * the moment a calendar day and time begin, the formats the owner and the
 * visitor read, and the opening hours (content/site.yaml's `hours`) in that
 * zone: is the business open, when does it next open, business days and
 * minutes.
 */

export type Day = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
const DAYS: readonly Day[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** One line of content/site.yaml's hours: its days, and "HH:MM" times (none: closed). */
export interface HoursLine {
  days: readonly Day[];
  opens?: string;
  closes?: string;
}

/** A moment on the business's calendar. */
export interface LocalDay {
  /** "2026-11-24" */
  date: string;
  day: Day;
  /** The moment the day began. */
  midnight: number;
}

export interface Clock {
  readonly timeZone: string;
  /** The zone as the owner and the visitor read it beside a time: "Perth time" for Australia/Perth; "UTC". */
  readonly timeName: string;
  local(ms: number): LocalDay;
  /** The moment the wall clock reads `minute` minutes into `date` ("2026-11-24"); 0: the day's start. */
  at(date: string, minute?: number): number;
  /** "12 March 2025 at 3:04:05 pm AEST": when a lead came (the notice, `npm run leads -- show`). */
  long(ms: number): string;
  /** "3:04 pm", with the day ("3:04 pm, 24 Nov") unless it is the day of `sameDayAs`. */
  time(ms: number, sameDayAs?: number): string;
  /** "24 Nov" */
  dayMonth(ms: number): string;
  /** "24 November 2026" */
  fullDate(ms: number): string;
  /** "24 November 2026 at 3:04 pm": the visitor's confirmation. */
  dateTime(ms: number): string;
  /** The wall clock at `ms` as if it were UTC: Date's UTC fields read the business's date and time. */
  wall(ms: number): Date;
}

/** The calendar day `n` days after `date` ("2026-11-24"; n may be negative). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const clocks = new Map<string, Clock>();

/** A zone's place, as the IANA names it last ("Australia/Lord_Howe": "Lord Howe time"); UTC as it is. */
const timeNameOf = (timeZone: string) =>
  /^(UTC|GMT|Etc\/)/.test(timeZone)
    ? timeZone.replace(/^Etc\//, "")
    : `${timeZone.split("/").at(-1)!.replace(/_/g, " ")} time`;

/** The clock of `timeZone` ("Australia/Perth"); a RangeError for a zone Intl does not know. */
export function clockIn(timeZone: string): Clock {
  let clock = clocks.get(timeZone);
  if (!clock) clocks.set(timeZone, (clock = makeClock(timeZone)));
  return clock;
}

function makeClock(timeZone: string): Clock {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-AU", { timeZone, ...options });
  const wall = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  /** The wall clock at `ms`, as if it were UTC: the zone's offset is this less `ms`. */
  const wallAsUtc = (ms: number) => {
    const p = Object.fromEntries(wall.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  };
  const offset = (ms: number) => wallAsUtc(Math.floor(ms / 1000) * 1000) - Math.floor(ms / 1000) * 1000;
  const at = (date: string, minute = 0) => {
    const [y, m, d] = date.split("-").map(Number);
    const asUtc = Date.UTC(y, m - 1, d) + minute * 60_000;
    // The offset at the moment itself, found in two steps (the first may land across a change): a wall
    // time a change skips comes out after it, one it repeats at its second.
    return asUtc - offset(asUtc - offset(asUtc));
  };
  const local = (ms: number): LocalDay => {
    const asUtc = new Date(wallAsUtc(ms));
    const date = asUtc.toISOString().slice(0, 10);
    return {
      date,
      day: DAYS[asUtc.getUTCDay()],
      midnight: at(date),
    };
  };
  const long = format({ dateStyle: "long", timeStyle: "long" });
  const clockTime = format({ hour: "numeric", minute: "2-digit" });
  const shortDay = format({ day: "numeric", month: "short" });
  const fullDate = format({ day: "numeric", month: "long", year: "numeric" });
  const dateTime = format({
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return {
    timeZone,
    timeName: timeNameOf(timeZone),
    local,
    at,
    long: (ms) => long.format(ms),
    time(ms, sameDayAs) {
      const clock = clockTime.format(ms).replace(/\u202f/g, " ");
      return sameDayAs !== undefined && shortDay.format(ms) === shortDay.format(sameDayAs)
        ? clock
        : `${clock}, ${shortDay.format(ms)}`;
    },
    dayMonth: (ms) => shortDay.format(ms),
    fullDate: (ms) => fullDate.format(ms),
    dateTime: (ms) => dateTime.format(ms),
    wall: (ms) => new Date(wallAsUtc(ms)),
  };
}

/** "7 Dec 09:20": a time short enough for an 80-column table (`npm run leads`). */
export function shortTime(clock: Clock, ms: number): string {
  const wall = clock.wall(ms);
  const month = wall.toLocaleString("en-AU", { timeZone: "UTC", month: "short" });
  return `${wall.getUTCDate()} ${month} ${wall.toISOString().slice(11, 16)}`;
}

/** "2026-11-02 09:20:00": the wall clock as a spreadsheet reads it (the CSV). */
export const spreadsheetTime = (clock: Clock, ms: number) =>
  clock.wall(ms).toISOString().slice(0, 19).replace("T", " ");

/** The business's opening hours in its time zone. */
export interface BusinessHours {
  readonly clock: Clock;
  readonly lines: readonly HoursLine[];
  isOpen(ms: number): boolean;
  /** `ms` itself when open then, else the next opening time; undefined when the hours never open. */
  nextOpenAt(ms: number): number | undefined;
  /**
   * The opening of the `n`-th day the business opens after the day of `ms`: a follow-up "after 3
   * business days", and (n = 1) "the next morning's opening". Undefined when the hours never open.
   */
  openingAfterBusinessDays(ms: number, n: number): number | undefined;
  /** Business minutes between two moments: the part of [from, to) when the business is open. */
  openMinutesBetween(from: number, to: number): number;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function businessHours(lines: readonly HoursLine[], clock: Clock): BusinessHours {
  /** The day's opening and closing moments, or undefined on a closed day. */
  const openingOn = (date: string): { opens: number; closes: number } | undefined => {
    const [y, m, d] = date.split("-").map(Number);
    const day = DAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
    const line = lines.find((h) => h.days.includes(day) && h.opens && h.closes);
    return (
      line && { opens: clock.at(date, minutes(line.opens!)), closes: clock.at(date, minutes(line.closes!)) }
    );
  };
  const isOpen = (ms: number) => {
    const today = openingOn(clock.local(ms).date);
    return today !== undefined && ms >= today.opens && ms < today.closes;
  };
  return {
    clock,
    lines,
    isOpen,
    nextOpenAt(ms) {
      if (isOpen(ms)) return ms;
      const { date } = clock.local(ms);
      for (let d = 0; d <= 7; d++) {
        const day = openingOn(addDays(date, d));
        if (day && day.opens > ms) return day.opens;
      }
      return undefined;
    },
    openingAfterBusinessDays(ms, n) {
      const { date } = clock.local(ms);
      for (let seen = 0, d = 1; d <= 7 * (n + 1); d++) {
        const day = openingOn(addDays(date, d));
        if (day && ++seen === n) return day.opens;
      }
      return undefined;
    },
    openMinutesBetween(from, to) {
      let total = 0;
      for (let date = clock.local(from).date; clock.at(date) < to; date = addDays(date, 1)) {
        const day = openingOn(date);
        if (day) total += Math.max(0, Math.min(to, day.closes) - Math.max(from, day.opens));
      }
      return Math.round(total / 60_000);
    },
  };
}
