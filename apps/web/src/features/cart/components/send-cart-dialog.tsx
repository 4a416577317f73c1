import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SEND_MAX_RECIPIENTS } from '@mediabox/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendFormState } from '../hooks/use-send-form';

interface SendCartDialogProps {
  open: boolean;
  form: SendFormState;
  onClose: () => void;
}

/**
 * Spec 2.6: recipient (issue 20.2: or up to SEND_MAX_RECIPIENTS of them, each getting their own link), subject, text (4 rows), copy-to-me. After success the title reads
 * 'cart.sendForm.successTitle', the fields are locked and only close is left.
 */
export function SendCartDialog({ open, form, onClose }: SendCartDialogProps) {
  const { t } = useTranslation();
  const { values, sent, loading, fieldErrors } = form;
  const locked = sent || loading;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  // The server's refusal is of what was sent; the check as one types is of what is there now.
  const emailError = fieldErrors.email
    ? t(fieldErrors.email, { max: SEND_MAX_RECIPIENTS })
    : form.emailProblem && t(form.emailProblem.key, form.emailProblem.values);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="send-cart-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="send-cart-title">
          {t(sent ? 'cart.sendForm.successTitle' : 'cart.sendForm.title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t(sent ? 'cart.sendForm.successText' : 'cart.sendForm.intro')}
          </DialogContentText>
          <Stack spacing={2}>
            {/* Several lines, so that a pasted list keeps its line breaks (an input drops them). */}
            <TextField
              label={t('cart.sendForm.email')}
              multiline
              maxRows={4}
              autoComplete="email"
              required
              autoFocus
              fullWidth
              value={values.email}
              onChange={(event) => form.set('email', event.target.value)}
              disabled={locked}
              error={Boolean(emailError)}
              helperText={emailError || t('cart.sendForm.emailHelp', { max: SEND_MAX_RECIPIENTS })}
              slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
            />
            <TextField
              label={t('cart.sendForm.subject')}
              fullWidth
              value={values.subject}
              onChange={(event) => form.set('subject', event.target.value)}
              disabled={locked}
              error={Boolean(fieldErrors.subject)}
              helperText={fieldErrors.subject ? t(fieldErrors.subject) : undefined}
            />
            <TextField
              label={t('cart.sendForm.text')}
              multiline
              rows={4}
              fullWidth
              value={values.text}
              onChange={(event) => form.set('text', event.target.value)}
              disabled={locked}
              error={Boolean(fieldErrors.text)}
              helperText={fieldErrors.text ? t(fieldErrors.text) : undefined}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.copyCheckbox}
                  onChange={(event) => form.set('copyCheckbox', event.target.checked)}
                  disabled={locked}
                />
              }
              label={t('cart.sendForm.copyCheckbox')}
            />
            {form.error && (
              <Alert severity="error">
                {t([form.error, 'cart.errors.sendFailed'], { max: SEND_MAX_RECIPIENTS })}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {sent ? (
            <Button variant="contained" onClick={onClose}>
              {t('cart.sendForm.close')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('cart.sendForm.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={!form.canSend}>
                {t('cart.sendForm.send')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
