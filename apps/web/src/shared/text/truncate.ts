/** Cuts `text` to `max` characters and marks the cut with an ellipsis (spec 9 name truncation). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text); // code points, so an emoji or umlaut is never split in half
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}
