import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setStoredUser } from '../../../shared/auth/user-store';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { AccountCard } from '../components/account-card';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { ProfileFormPanel } from '../components/profile-form';
import { useProfile } from '../hooks/use-profile';

export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const profile = useProfile();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteKey, setDeleteKey] = useState(0);
  usePageTitle('profile.title');

  const onDeleted = () => {
    setStoredUser(null);
    void navigate('/login', { replace: true });
  };

  return (
    <AccountCard title={t('profile.title')} width={720}>
      {profile.isPending && <PageLoading />}
      {profile.isError && <Alert severity="error">{t('profile.errors.load')}</Alert>}
      {profile.isSuccess && (
        <>
          <ProfileFormPanel profile={profile.data} onSaved={() => snackbar.show('snack.saved')} />
          <Divider sx={{ my: 4 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
              {t('profile.delete.hint')}
            </Typography>
            <Button
              variant="outlined"
              color="error"
              onClick={() => {
                setDeleteKey((key) => key + 1);
                setDeleteOpen(true);
              }}
            >
              {t('profile.delete.button')}
            </Button>
          </Box>
          <DeleteAccountDialog
            key={deleteKey}
            open={deleteOpen}
            onClose={() => setDeleteOpen(false)}
            onDeleted={onDeleted}
          />
        </>
      )}
    </AccountCard>
  );
}
