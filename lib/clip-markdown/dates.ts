/** Dates as Pageclip writes them into pages: the user's local calendar and clock, ISO order. */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-24` in local time. */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `2026-11-24 09:41` in local time. */
export function localDateTime(date: Date): string {
  return `${localDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
