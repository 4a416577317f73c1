import Stack from '@mui/material/Stack';
import { COUNTRY_BY_QUERY, type Order } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

/** The countries an order is for, in the order the list shows them (spec 3: de/at/ch flags). */
export const ORDER_COUNTRIES = ['de', 'at', 'ch'] as const;
export type OrderCountry = (typeof ORDER_COUNTRIES)[number];

const HEIGHT = 14;

/**
 * Flags drawn as SVG rather than emoji: Windows shows flag emoji as two letters. Each flag is an
 * image named after the country, so screen readers read "Germany" rather than nothing.
 */
export function CountryFlag({ country }: { country: OrderCountry }) {
  const { t } = useTranslation();
  const label = t(`countries.${COUNTRY_BY_QUERY[country]}`);
  const square = country === 'ch';
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={square ? '0 0 32 32' : '0 0 5 3'}
      width={square ? HEIGHT : (HEIGHT * 5) / 3}
      height={HEIGHT}
      style={{ display: 'block', flexShrink: 0, boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.15)' }}
    >
      <title>{label}</title>
      {country === 'de' && (
        <>
          <rect width="5" height="1" fill="#000000" />
          <rect y="1" width="5" height="1" fill="#DD0000" />
          <rect y="2" width="5" height="1" fill="#FFCE00" />
        </>
      )}
      {country === 'at' && (
        <>
          <rect width="5" height="3" fill="#C8102E" />
          <rect y="1" width="5" height="1" fill="#FFFFFF" />
        </>
      )}
      {square && (
        <>
          <rect width="32" height="32" fill="#DA291C" />
          <rect x="13" y="6" width="6" height="20" fill="#FFFFFF" />
          <rect x="6" y="13" width="20" height="6" fill="#FFFFFF" />
        </>
      )}
    </svg>
  );
}

/** The flags of the countries ticked on an order. */
export function CountryFlags({ order }: { order: Pick<Order, OrderCountry> }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {ORDER_COUNTRIES.filter((country) => order[country]).map((country) => (
        <CountryFlag key={country} country={country} />
      ))}
    </Stack>
  );
}
