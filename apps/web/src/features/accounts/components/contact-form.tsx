import { email, optionalText, TEXT_MAX_LENGTH } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useStoredUser } from '../../../shared/auth/user-store';
import { sendContactMessage } from '../api/accounts-api';
import { apiErrorText } from '../lib/error-text';
import { fieldIssues } from '../lib/field-issues';
import { useFormFields } from '../hooks/use-form-fields';

const required = (max: number) => z.string().trim().min(1, { error: 'contact.errors.required' }).max(max);

/**
 * Spec 5: first name, last name and a valid e-mail are required. The message is required too:
 * the spec leaves its validation open, and an empty contact message helps nobody.
 */
const ContactForm = z.object({
  firstname: required(60),
  lastname: required(60),
  email: email('contact.errors.invalidEmail'),
  phone: optionalText(40),
  message: required(TEXT_MAX_LENGTH),
});
type Field = keyof z.input<typeof ContactForm>;

export function ContactFormPanel() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const validate = useCallback(
    (values: Record<Field, string>) => fieldIssues<Field>(ContactForm, values),
    [],
  );
  // A signed-in user has told us who they are already.
  const form = useFormFields<Field>(
    {
      firstname: user?.firstname ?? '',
      lastname: user?.lastname ?? '',
      email: user?.userName ?? '',
      phone: user?.phone ?? '',
      message: '',
    },
    { validate, translate: (code) => t([code, 'contact.errors.required']) },
  );
  const request = useMutation({ mutationFn: sendContactMessage });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid || request.isPending) return;
    const { firstname, lastname, phone, message } = form.values;
    request.mutate({
      name: `${firstname.trim()} ${lastname.trim()}`,
      email: form.values.email.trim(),
      phone,
      message,
      userId: user?.userId ?? null,
    });
  };

  if (request.isSuccess) return <Alert severity="success">{t('contact.success')}</Alert>;

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('contact.form.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('contact.form.firstname')}
          autoComplete="given-name"
          required
          {...form.bind('firstname')}
        />
        <TextField
          label={t('contact.form.lastname')}
          autoComplete="family-name"
          required
          {...form.bind('lastname')}
        />
        <TextField
          label={t('contact.form.email')}
          type="email"
          autoComplete="email"
          required
          {...form.bind('email')}
        />
        <TextField
          label={t('contact.form.phone')}
          type="tel"
          autoComplete="tel"
          {...form.bind('phone', t('contact.form.optional'))}
        />
        <TextField
          label={t('contact.form.message')}
          required
          multiline
          minRows={5}
          sx={{ gridColumn: '1 / -1' }}
          {...form.bind('message')}
        />
      </Box>
      {/* Spec 8 shows no contact error; a message lost without a word is worse, so we say so. */}
      {request.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {apiErrorText(t, request.error, 'contact.errors.generic')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!form.valid || request.isPending}>
          {t('contact.form.submit')}
        </Button>
      </Box>
    </Box>
  );
}
