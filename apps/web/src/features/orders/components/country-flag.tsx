import Stack from '@mui/material/Stack';
import { COUNTRY_BY_QUERY, type Order } from '@mediabox/contract';
import { CountryFlag } from '../../../shared/ui/country-flag';

/** The countries an order is for, in the order the list shows them (spec 3: de/at/ch flags). */
export const ORDER_COUNTRIES = ['de', 'at', 'ch'] as const;
export type OrderCountry = (typeof ORDER_COUNTRIES)[number];

/** The flags of the countries ticked on an order (the SVG flags live in shared/ui, the drawer uses them too). */
export function CountryFlags({ order }: { order: Pick<Order, OrderCountry> }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {ORDER_COUNTRIES.filter((country) => order[country]).map((country) => (
        <CountryFlag key={country} country={COUNTRY_BY_QUERY[country]} />
      ))}
    </Stack>
  );
}
