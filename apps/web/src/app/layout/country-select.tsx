import Box from '@mui/material/Box';
import { deferredComponent } from '../../shared/ui/deferred-component';

// MUI's select brings its menu, popover and input variants: a good part of the first download for
// one field. Its code is fetched as soon as the drawer shows (with the category menu's).
const useCountrySelectField = deferredComponent(() => import('./country-select-field'));

/** Height of a small outlined field, kept free while the select's code arrives so nothing moves. */
const FIELD_HEIGHT = 40;

/** Chooses the country whose category tree is shown (spec 2.2, 4); kept as a local preference. */
export function CountrySelect() {
  const CountrySelectField = useCountrySelectField(true);
  return CountrySelectField ? <CountrySelectField /> : <Box sx={{ height: FIELD_HEIGHT }} />;
}
