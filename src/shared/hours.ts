/**
 * The rule every line of opening hours keeps, in content/site.yaml and in the relay's
 * BUSINESS_HOURS alike: both times or neither (one alone showed the days as Closed on the site,
 * and the relay's reminders kept them closed), and closing after opening on the same day (the
 * footer, the structured data and the relay's hours all read them so).
 */
export function hoursLineProblem({
  opens,
  closes,
}: {
  opens?: string;
  closes?: string;
}): { field: "opens" | "closes"; message: string } | undefined {
  if ((opens === undefined) !== (closes === undefined)) {
    return {
      field: opens === undefined ? "opens" : "closes",
      message: "is missing: give both opens and closes, or neither for days the business is closed",
    };
  }
  if (opens !== undefined && closes !== undefined && closes <= opens)
    return { field: "closes", message: `expected a time after opens ("${opens}"), got "${closes}"` };
  return undefined;
}
