import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { InsightsAnswer, InsightsSeries } from '@mediabox/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { assetPath } from '../../../shared/routing/paths';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useInsights, useInsightsCsv } from '../api/insights-api';
import { InsightsBarChart } from '../components/insights-bar-chart';
import { InsightsChartCard } from '../components/insights-chart-card';
import { InsightsColumnChart } from '../components/insights-column-chart';
import { InsightsRangePicker } from '../components/insights-range-picker';
import { InsightsRankedList } from '../components/insights-ranked-list';
import { InsightsTable } from '../components/insights-table';
import { InsightsTotals } from '../components/insights-totals';
import { rangeFromSearch, type InsightsRange } from '../lib/insights-range';

/** The server's code first (`insights.errors.invalidRange`, `errors.network`…), then a general text. */
const errorKeys = (error: unknown): string[] =>
  error instanceof ApiError ? [error.code, 'insights.errors.failed'] : ['insights.errors.failed'];

/** No event of any kind in the range: one message instead of six empty charts. */
function isEmpty(data: InsightsAnswer): boolean {
  return Object.values(data.totals).every((total) => total === 0) && data.activeUsersPerCountry.length === 0;
}

function Charts({ data }: { data: InsightsAnswer }) {
  const { t, i18n } = useTranslation();
  const { palette } = useTheme();
  const csv = useInsightsCsv();
  // The files cover the range the server resolved, the same days the charts show.
  const range: InsightsRange = { from: data.from, to: data.to };
  const card = (series: InsightsSeries) => ({
    series,
    onCsv: (id: InsightsSeries) => csv.download(id, range),
    csvPending: csv.pendingSeries === series,
  });
  const audiences = [
    { id: 'internal', colour: palette.primary.dark },
    { id: 'external', colour: palette.primary.light },
    { id: 'guest', colour: palette.warning.main },
  ] as const;
  const downloadsTitle = t('insights.downloads.title');

  return (
    <Stack spacing={2}>
      <InsightsChartCard
        {...card('downloads-per-day')}
        title="insights.downloads.title"
        chart={
          <InsightsColumnChart
            label={t('insights.downloads.chartLabel', {
              days: data.downloadsPerDay.length,
              from: data.from,
              to: data.to,
              total: data.totals.downloads,
            })}
            series={audiences.map(({ id, colour }) => ({ name: t(`insights.audiences.${id}`), colour }))}
            bars={data.downloadsPerDay.map((day) => ({
              key: day.day,
              label: t('insights.downloads.barLabel', { ...day }),
              values: audiences.map(({ id }) => day[id]),
            }))}
          />
        }
        table={
          <InsightsTable
            label={downloadsTitle}
            columns={[t('insights.columns.day'), ...audiences.map(({ id }) => t(`insights.audiences.${id}`))]}
            rows={data.downloadsPerDay.map((day) => [day.day, day.internal, day.external, day.guest])}
          />
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <InsightsChartCard
          {...card('registrations-per-week')}
          title="insights.registrations.title"
          chart={
            <InsightsColumnChart
              label={t('insights.registrations.chartLabel', {
                weeks: data.registrationsPerWeek.length,
                total: data.totals.registrations,
              })}
              series={[{ name: t('insights.registrations.title'), colour: palette.primary.main }]}
              bars={data.registrationsPerWeek.map((week) => ({
                key: week.weekStart,
                label: t('insights.registrations.barLabel', { ...week }),
                values: [week.count],
              }))}
            />
          }
          table={
            <InsightsTable
              label={t('insights.registrations.title')}
              columns={[t('insights.columns.weekStart'), t('insights.columns.registrations')]}
              rows={data.registrationsPerWeek.map((week) => [week.weekStart, week.count])}
            />
          }
        />
        <InsightsChartCard
          {...card('active-users-per-country')}
          title="insights.activeUsers.title"
          chart={
            data.activeUsersPerCountry.length === 0 ? (
              <Alert severity="info">{t('insights.noEntries')}</Alert>
            ) : (
              <InsightsBarChart
                label={t('insights.activeUsers.chartLabel')}
                colour={palette.primary.main}
                bars={data.activeUsersPerCountry.map((row) => {
                  const name = t(`insights.countries.${row.country}`);
                  return {
                    key: row.country,
                    name,
                    value: row.users,
                    label: t('insights.activeUsers.barLabel', { country: name, count: row.users }),
                  };
                })}
              />
            )
          }
          table={
            <InsightsTable
              label={t('insights.activeUsers.title')}
              columns={[t('insights.columns.country'), t('insights.columns.users')]}
              rows={data.activeUsersPerCountry.map((row) => [
                t(`insights.countries.${row.country}`),
                row.users,
              ])}
            />
          }
        />
        <InsightsChartCard
          {...card('top-assets')}
          title="insights.topAssets.title"
          chart={
            <InsightsRankedList
              label={t('insights.topAssets.title')}
              colour={palette.primary.main}
              unit="insights.units.downloads"
              items={data.topAssets.map((asset) => ({
                key: String(asset.assetId),
                name: (
                  <Link component={RouterLink} to={assetPath(asset.assetId)}>
                    {asset.name}
                  </Link>
                ),
                value: asset.downloads,
              }))}
            />
          }
          table={
            <InsightsTable
              label={t('insights.topAssets.title')}
              columns={[t('insights.columns.asset'), t('insights.columns.downloads')]}
              rows={data.topAssets.map((asset) => [asset.name, asset.downloads])}
            />
          }
        />
        <InsightsChartCard
          {...card('top-searches')}
          title="insights.topSearches.title"
          chart={
            <InsightsRankedList
              label={t('insights.topSearches.title')}
              colour={palette.primary.light}
              unit="insights.units.searches"
              items={data.topSearches.map((search) => ({
                key: search.query,
                name: search.query,
                value: search.count,
                detail: t('insights.topSearches.avgResults', {
                  avg: search.avgResults.toLocaleString(i18n.language),
                }),
              }))}
            />
          }
          table={
            <InsightsTable
              label={t('insights.topSearches.title')}
              columns={[
                t('insights.columns.query'),
                t('insights.columns.count'),
                t('insights.columns.avgResults'),
              ]}
              rows={data.topSearches.map((search) => [search.query, search.count, search.avgResults])}
            />
          }
        />
        <InsightsChartCard
          {...card('zero-result-searches')}
          title="insights.zeroResults.title"
          chart={
            <InsightsRankedList
              label={t('insights.zeroResults.title')}
              colour={palette.warning.main}
              unit="insights.units.searches"
              items={data.zeroResultSearches.map((search) => ({
                key: search.query,
                name: search.query,
                value: search.count,
              }))}
            />
          }
          table={
            <InsightsTable
              label={t('insights.zeroResults.title')}
              columns={[t('insights.columns.query'), t('insights.columns.count')]}
              rows={data.zeroResultSearches.map((search) => [search.query, search.count])}
            />
          }
        />
      </Box>
    </Stack>
  );
}

/** Issue 6 `/admin/insights`: usage of the portal over a range of days kept in the address. */
export default function InsightsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const from = search.get('from');
  const to = search.get('to');
  // Defaults are filled in here, so the request always names both days (and a shared link is exact).
  const range = useMemo(
    () => rangeFromSearch(new URLSearchParams({ from: from ?? '', to: to ?? '' })),
    [from, to],
  );
  const insights = useInsights(range);

  const changeRange = (next: InsightsRange) => {
    const params = new URLSearchParams(search);
    for (const key of ['from', 'to'] as const) {
      if (next[key]) params.set(key, next[key]);
      else params.delete(key);
    }
    // Replace: typing a date is many small changes, not steps to go back through.
    setSearch(params, { replace: true });
  };

  return (
    <Stack spacing={2}>
      <InsightsRangePicker range={range} onChange={changeRange} />
      {/* Whom the figures cover, so nobody reads the page views as all the portal's visits. */}
      <Typography variant="body2" color="text.secondary">
        {t('insights.consentNote')}
      </Typography>
      {/* Keeps the old charts in place while another range loads, but says that it does. */}
      <Box sx={{ height: 4 }}>{insights.isFetching && insights.isPlaceholderData && <LinearProgress />}</Box>
      {insights.isPending ? (
        <PageLoading />
      ) : insights.isError ? (
        <Alert severity="error">{t(errorKeys(insights.error))}</Alert>
      ) : (
        <>
          <InsightsTotals totals={insights.data.totals} />
          {isEmpty(insights.data) ? (
            <Alert severity="info">{t('insights.empty')}</Alert>
          ) : (
            <Charts data={insights.data} />
          )}
        </>
      )}
    </Stack>
  );
}
