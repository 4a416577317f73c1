import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { LIST_NAME_MAX_LENGTH } from '@mediabox/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface ListNameDialogProps {
  open: boolean;
  /** Text key of the title ('lists.newList', 'lists.renameTitle'). */
  titleKey: string;
  /** Text key of the confirming button. */
  submitKey: string;
  initialName?: string;
  pending: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a list's name: for a new list (the lists page, the asset page's menu) and for renaming. */
export function ListNameDialog(props: ListNameDialogProps) {
  // Mounted per opening, so the field starts from the current name each time.
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="list-name-title"
      maxWidth="xs"
      fullWidth
    >
      {props.open && <ListNameForm {...props} />}
    </Dialog>
  );
}

function ListNameForm({
  titleKey,
  submitKey,
  initialName = '',
  pending,
  onSubmit,
  onClose,
}: ListNameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSubmit(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="list-name-title">{t(titleKey)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('lists.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: LIST_NAME_MAX_LENGTH } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('lists.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!trimmed || pending}>
          {t(submitKey)}
        </Button>
      </DialogActions>
    </form>
  );
}
