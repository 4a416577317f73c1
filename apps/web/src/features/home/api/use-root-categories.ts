import type { Country } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { rootCategoriesQuery } from './root-categories-query';

/** The home page's category cards: the children of the chosen country's root. */
export function useRootCategories(country: Country) {
  return useQuery(rootCategoriesQuery(country));
}
