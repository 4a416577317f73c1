import type { Country } from '@mediabox/contract';

/** Flag emoji per country, shown next to the translated name (`countries.<country>`). */
export const COUNTRY_FLAGS: Record<Country, string> = {
  germany: '🇩🇪',
  austria: '🇦🇹',
  switzerland: '🇨🇭',
};
