import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useFailedJobCount, useRegistrations, useRemovalRequests } from '../api/admin-api';
import { CountBadge } from '../components/count-badge';

/** The sections of /admin, each its own address (the reminder mail links to /admin/registrations). */
export const ADMIN_SECTIONS = [
  'registrations',
  'users',
  'removals',
  'catalogue',
  'links',
  'takedowns',
  'presets',
  'jobs',
  'audit',
  'insights',
] as const;
type Section = (typeof ADMIN_SECTIONS)[number];

function sectionOf(pathname: string): Section | false {
  const part = pathname.split('/')[2];
  return (ADMIN_SECTIONS as readonly string[]).includes(part ?? '') ? (part as Section) : false;
}

/** Issue 6 `/admin`: title and tabs around the section in the address. */
export default function AdminPage() {
  const { t } = useTranslation();
  usePageTitle('admin.pageTitle');
  const section = sectionOf(useLocation().pathname);
  // These lists are work to do (failed jobs wait for someone to look at them too): their counts show
  // on the tabs whichever section is open.
  const counts: Partial<Record<Section, number | undefined>> = {
    registrations: useRegistrations().data?.total,
    removals: useRemovalRequests().data?.total,
    jobs: useFailedJobCount().data,
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
        {t('admin.heading')}
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={section}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('admin.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {ADMIN_SECTIONS.map((id) => {
            const count = counts[id];
            return (
              <Tab
                key={id}
                value={id}
                component={RouterLink}
                to={`/admin/${id}`}
                id={`admin-tab-${id}`}
                aria-controls="admin-tabpanel"
                // Narrower than MUI's 90 px minimum and 16 px sides, and in sentence case rather than
                // capitals, so that all sections fit beside the side menu at 1366 px in each language
                // (8 px sides for ten sections, 12 px fitted nine; e2e admin-screens holds it); narrower windows
                // scroll the strip with its buttons.
                sx={{ minWidth: 0, px: 1, textTransform: 'none' }}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{t(`admin.tabs.${id}`)}</span>
                    {/* Only what waits is counted: a row of zeros says nothing and takes the room the
                        tenth tab needs at 1366 px. */}
                    {count !== undefined && count > 0 && (
                      <CountBadge count={count} selected={id === section} />
                    )}
                  </Stack>
                }
              />
            );
          })}
        </Tabs>
        <Box
          role="tabpanel"
          id="admin-tabpanel"
          aria-labelledby={section ? `admin-tab-${section}` : undefined}
          sx={{ p: { xs: 1, sm: 2 } }}
        >
          <Outlet />
        </Box>
      </Paper>
    </Stack>
  );
}
