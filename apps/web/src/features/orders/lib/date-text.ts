/** A calendar day "YYYY-MM-DD" as "DD.MM.YYYY" (the portal's date format, spec 9); empty stays empty. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}
