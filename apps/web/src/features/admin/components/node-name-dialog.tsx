import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LANGUAGES, NodeNames, type Language } from '@mediabox/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeys } from '../lib/admin-errors';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../lib/field-errors';

const EMPTY: NodeNames = { de: '', en: '', fr: '' };
const LANGUAGE_LABELS: Record<Language, string> = {
  de: 'admin.catalogue.nameDialog.de',
  en: 'admin.catalogue.nameDialog.en',
  fr: 'admin.catalogue.nameDialog.fr',
};

interface NodeNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** The names to start from: the current ones when renaming, none for a new category. */
  initial: NodeNames | null;
  pending: boolean;
  /** The server's refusal, or null: field codes show at their field, anything else above the buttons. */
  error: unknown;
  onSubmit: (names: NodeNames) => void;
  onCancel: () => void;
}

/**
 * Creating or renaming a category: the name in all three languages, each required, because the tree
 * and the public menu show every category in the user's language. Checked with the contract's own
 * schema, so the messages are the ones the server would give.
 */
export function NodeNameDialog(props: NodeNameDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [names, setNames] = useState<NodeNames>(props.initial ?? EMPTY);
  const [checked, setChecked] = useState<FieldErrors>({});
  // Each opening starts from the names it was opened with.
  const [shownOpen, setShownOpen] = useState(props.open);
  if (shownOpen !== props.open) {
    setShownOpen(props.open);
    if (props.open) {
      setNames(props.initial ?? EMPTY);
      setChecked({});
    }
  }
  const serverFields = apiFieldErrors(props.error);
  const fieldError = (lang: Language) => checked[lang] ?? serverFields[`name.${lang}`];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = NodeNames.safeParse(names);
    if (!result.success) {
      setChecked(schemaFieldErrors(result.error));
      return;
    }
    setChecked({});
    props.onSubmit(result.data);
  };

  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('admin.catalogue.nameDialog.text')}</DialogContentText>
          <Stack spacing={2}>
            {LANGUAGES.map((lang) => {
              const code = fieldError(lang);
              return (
                <TextField
                  key={lang}
                  label={t(LANGUAGE_LABELS[lang])}
                  value={names[lang]}
                  onChange={(event) => setNames((old) => ({ ...old, [lang]: event.target.value }))}
                  required
                  fullWidth
                  autoFocus={lang === 'de'}
                  error={code !== undefined}
                  helperText={code ? t(code) : undefined}
                  slotProps={{ htmlInput: { lang } }}
                />
              );
            })}
          </Stack>
          {props.error != null && Object.keys(serverFields).length === 0 && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(errorKeys(props.error))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onCancel}>{t('admin.actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={props.pending}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
