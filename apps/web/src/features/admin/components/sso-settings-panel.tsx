import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useSaveSsoSettings, useSsoSettings } from '../api/admin-api';
import { errorKeys } from '../lib/admin-errors';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Issue 23 on /admin/users: whether staff must sign in with the company account (then their
 * passwords stop working). Nothing is shown while the portal has no provider configured.
 */
export function SsoSettingsPanel() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const settings = useSsoSettings();
  const save = useSaveSsoSettings();
  // The value asked about; the dialog keeps its last question while it fades out.
  const [asking, setAsking] = useState<boolean | null>(null);
  const [asked, setAsked] = useState(true);
  if (!settings.data?.configured) return null;
  const label = settings.data.label ?? '';
  const kind = asked ? 'require' : 'release';

  const ask = (required: boolean) => {
    save.reset();
    setAsking(required);
    setAsked(required);
  };
  const confirm = () => {
    if (asking === null) return;
    save.mutate(asking, {
      onSuccess: () => {
        setAsking(null);
        snackbar.show(`admin.sso.saved.${asking ? 'require' : 'release'}`, 'success', { label });
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={settings.data.requiredForStaff}
            onChange={(event) => ask(event.target.checked)}
            disabled={save.isPending}
          />
        }
        label={t('admin.sso.requiredForStaff', { label })}
      />
      <Typography variant="body2" color="text.secondary">
        {t('admin.sso.hint', { label })}
      </Typography>
      <ConfirmDialog
        open={asking !== null}
        title={t(`admin.sso.confirm.${kind}.title`, { label })}
        text={t(`admin.sso.confirm.${kind}.text`, { label })}
        confirmLabel={t(`admin.sso.confirm.${kind}.yes`)}
        pending={save.isPending}
        error={asking !== null && save.isError ? errorKeys(save.error) : null}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </Paper>
  );
}
