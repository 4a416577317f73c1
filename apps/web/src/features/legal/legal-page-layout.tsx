import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStoredUser } from '../../shared/auth/user-store';
import { useDocumentTitle } from './use-document-title';

interface LegalPageLayoutProps {
  title: string;
  productName: string;
  /** The settings the text needs are still loading. */
  loading?: boolean;
  /** The settings could not be loaded: the text cannot name the operator. */
  failed?: boolean;
  /** Language of the frame's own labels (the cookie policy is English only). */
  lng?: string;
  children: ReactNode;
}

/** The frame shared by imprint, privacy, cookies and terms: a paper sheet on cream with the title. */
export function LegalPageLayout({
  title,
  productName,
  loading,
  failed,
  lng,
  children,
}: LegalPageLayoutProps) {
  const { t } = useTranslation(undefined, lng ? { lng } : undefined);
  const user = useStoredUser();
  useDocumentTitle(productName, title);

  return (
    <Box sx={{ bgcolor: 'secondary.main', minHeight: '100%', py: { xs: 2, md: 4 } }}>
      <Container maxWidth="md">
        <Paper component="article" elevation={1} sx={{ p: { xs: 2, sm: 4 } }} lang={lng}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="h4" component="h1" gutterBottom sx={{ wordBreak: 'break-word' }}>
              {title}
            </Typography>
            {user && (
              <Button component={Link} to="/" startIcon={<ArrowBackIcon />} sx={{ flexShrink: 0 }}>
                {t('legal.back')}
              </Button>
            )}
          </Box>
          {failed ? (
            <Alert severity="error">{t('legal.settingsError')}</Alert>
          ) : loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={t('legal.loading')} />
            </Box>
          ) : (
            children
          )}
        </Paper>
      </Container>
    </Box>
  );
}
