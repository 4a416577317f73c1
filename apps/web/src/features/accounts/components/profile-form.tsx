import { ProfileForm, type Language, type UserProfile } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateStoredUser } from '../../../shared/auth/user-store';
import { saveProfile } from '../api/accounts-api';
import { apiErrorText, apiFieldCodes } from '../lib/error-text';
import { fieldIssues } from '../lib/field-issues';
import { useFormFields } from '../hooks/use-form-fields';
import { PROFILE_QUERY_KEY } from '../hooks/use-profile';

type Field =
  'firstname' | 'lastname' | 'company' | 'phone' | 'password' | 'passwordRepeat' | 'currentPassword';

interface Props {
  profile: UserProfile;
  onSaved: () => void;
}

/** Person, company and an optional new password (spec 2.9); the e-mail cannot be changed here. */
export function ProfileFormPanel({ profile, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [saveError, setSaveError] = useState<string | null>(null);
  const validate = useCallback(
    (values: Record<Field, string>) => fieldIssues<Field>(ProfileForm, values),
    [],
  );
  const form = useFormFields<Field>(
    {
      firstname: profile.firstname,
      lastname: profile.lastname,
      company: profile.company,
      phone: profile.phone,
      password: '',
      passwordRepeat: '',
      currentPassword: '',
    },
    { validate, translate: (code) => t([code, 'profile.errors.required']) },
  );

  const request = useMutation({
    mutationFn: saveProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, user);
      // The top bar shows the stored user's name; keep it in step with what was saved.
      updateStoredUser({
        firstname: user.firstname,
        lastname: user.lastname,
        company: user.company,
        phone: user.phone,
        lang: user.lang,
      });
      form.reset({ ...form.values, password: '', passwordRepeat: '', currentPassword: '' });
      onSaved();
    },
    onError: (error) => {
      form.setServerIssues(apiFieldCodes(error));
      setSaveError(apiErrorText(t, error, 'profile.errors.generic'));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid || request.isPending) return;
    setSaveError(null);
    const { password, passwordRepeat, currentPassword, ...person } = form.values;
    request.mutate({
      ...person,
      // The language the user reads the portal in is the one their mails should use.
      lang: i18n.language as Language,
      // An empty password means "keep the current one"; it is not sent at all.
      ...(password ? { password, passwordRepeat, currentPassword } : {}),
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('profile.firstname')}
          autoComplete="given-name"
          required
          {...form.bind('firstname')}
        />
        <TextField
          label={t('profile.lastname')}
          autoComplete="family-name"
          required
          {...form.bind('lastname')}
        />
        <TextField
          label={t('profile.username')}
          value={profile.userName}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ input: { readOnly: true } }}
          helperText={t('profile.usernameHint')}
        />
        <TextField
          label={t('profile.company')}
          autoComplete="organization"
          required
          {...form.bind('company')}
        />
        <TextField label={t('profile.phone')} type="tel" autoComplete="tel" {...form.bind('phone')} />
      </Box>
      <Divider sx={{ my: 1 }} />
      <Typography variant="subtitle1" component="h2">
        {t('profile.passwordTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          sx={{ gridColumn: '1 / -1' }}
          {...form.bind('currentPassword', t('profile.currentPasswordHint'))}
        />
        <TextField
          label={t('profile.password')}
          type="password"
          autoComplete="new-password"
          {...form.bind('password', t('profile.passwordHint'))}
        />
        <TextField
          label={t('profile.passwordRepeat')}
          type="password"
          autoComplete="new-password"
          {...form.bind('passwordRepeat')}
        />
      </Box>
      {saveError && <Alert severity="error">{saveError}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!form.valid || request.isPending}>
          {t('profile.save')}
        </Button>
      </Box>
    </Box>
  );
}
