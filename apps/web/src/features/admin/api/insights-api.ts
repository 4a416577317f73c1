import { InsightsAnswer, type InsightsSeries, endpoints } from '@mediabox/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/client';
import { useSnackbar } from '../../../shared/ui/snackbar';
import type { InsightsRange } from '../lib/insights-range';
import { adminKeys } from './admin-keys';
import { saveBlob } from '../../../shared/ui/save-blob';

/** Query key of one range; under `adminKeys.all`, so admin actions (new users…) refresh it too. */
export const insightsKey = (range: InsightsRange) => [...adminKeys.all, 'insights', range] as const;

/** `GET /api/admin/insights`: every series of the range in one answer. */
export async function fetchInsights(range: InsightsRange, signal?: AbortSignal): Promise<InsightsAnswer> {
  return InsightsAnswer.parse(await api(endpoints.adminInsights, { query: { ...range }, signal }));
}

/**
 * `GET /api/admin/insights/{series}.csv`: the route takes only the bearer header (no signed link),
 * so a plain `<a href>` would be refused; the file is fetched and handed to the browser as a blob.
 */
export function fetchInsightsCsv(series: InsightsSeries, range: InsightsRange): Promise<Blob> {
  return api(endpoints.adminInsightsCsv, { params: { series }, query: { ...range } });
}

/** The server's own file name (its Content-Disposition), which the blob download cannot read. */
export const insightsCsvName = (series: InsightsSeries, range: InsightsRange) =>
  `mediabox-${series}-${range.from}-${range.to}.csv`;

export function useInsights(range: InsightsRange) {
  return useQuery({
    queryKey: insightsKey(range),
    queryFn: ({ signal }) => fetchInsights(range, signal),
    // Switching ranges keeps the old charts visible instead of flashing a spinner.
    placeholderData: keepPreviousData,
    // A refused range (400) stays refused: show its message at once instead of after a retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 400) && failures < 1,
  });
}

/** The CSV button of a chart: fetch with the bearer header, then save; a failure is a snackbar. */
export function useInsightsCsv() {
  const snackbar = useSnackbar();
  const mutation = useMutation({
    mutationFn: ({ series, range }: { series: InsightsSeries; range: InsightsRange }) =>
      fetchInsightsCsv(series, range),
    onSuccess: (blob, { series, range }) => saveBlob(blob, insightsCsvName(series, range)),
    onError: () => snackbar.show('insights.errors.csvFailed', 'error'),
  });
  return {
    download: (series: InsightsSeries, range: InsightsRange) => mutation.mutate({ series, range }),
    pendingSeries: mutation.isPending ? mutation.variables.series : undefined,
  };
}
