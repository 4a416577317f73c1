import { ArticleLookupAnswer, endpoints } from '@mediabox/contract';
import { ApiError, api } from '../../../shared/api/client';

export type ArticleLookupBy = 'gtin' | 'articleId';

/**
 * `GET /api/order/article?gtin=…` or `?articleId=…`: the article behind a number, or null when
 * there is none (404 `order.errors.articleNotFound`), which is an everyday answer while typing.
 */
export async function lookupArticle(
  by: ArticleLookupBy,
  value: string,
  signal?: AbortSignal,
): Promise<ArticleLookupAnswer | null> {
  try {
    return ArticleLookupAnswer.parse(await api(endpoints.articleLookup, { query: { [by]: value }, signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
