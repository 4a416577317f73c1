import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../layout/public-layout';
import { NoRouteMessage } from '../no-route-page';

/** A 404 from a route check reads 'No route for …' (spec 2.1); anything else offers a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The page says only "something went wrong"; the console keeps the cause for whoever debugs it.
  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);
  if (notFound) {
    return (
      <PublicFrame>
        <NoRouteMessage />
      </PublicFrame>
    );
  }
  return (
    <PublicFrame>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('pageError.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('pageError.text')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('pageError.reload')}
      </Button>
    </PublicFrame>
  );
}
