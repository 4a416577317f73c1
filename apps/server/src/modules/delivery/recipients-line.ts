import { EMAIL_MAX_LENGTH } from '@mediabox/contract';

/**
 * The addresses of a send as the message row keeps them (`messages.email`, comma-separated, as spec
 * 2.7 shows them). That column holds one address's length (254); ten addresses may not fit, so the
 * line keeps as many whole addresses as fit and says how many more there are ("…, +3"). The links
 * keep every address in full.
 */
export function recipientsLine(addresses: string[], maxLength = EMAIL_MAX_LENGTH): string {
  const whole = addresses.join(', ');
  if (whole.length <= maxLength) return whole;
  for (let kept = addresses.length - 1; kept >= 1; kept -= 1) {
    const line = `${addresses.slice(0, kept).join(', ')}, +${addresses.length - kept}`;
    if (line.length <= maxLength) return line;
  }
  // A single address is at most 254 characters, so this is only reached when maxLength is smaller.
  return `${addresses[0]!.slice(0, Math.max(0, maxLength - 1))}…`;
}
