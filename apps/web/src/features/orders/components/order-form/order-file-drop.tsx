import { ORDER_FILE_MAX_BYTES, ORDER_FILES_MAX, type OrderFileRefusal } from '@mediabox/contract';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../../shared/text/format';
import { addFiles, ORDER_FILE_ACCEPT, type FileRefusal } from '../../lib/order-files';

/** The text of each reason a file is not added (the contract's reasons: a new one needs a text). */
const REFUSAL_TEXTS: Record<OrderFileRefusal, string> = {
  tooLarge: 'orderForm.files.tooLarge',
  tooMany: 'orderForm.files.tooMany',
  type: 'orderForm.files.type',
};

interface OrderFileDropProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/**
 * Spec 2.10 "Dateien": a drop zone and a file button, the chosen files with their size and a
 * remove button. Files the server would refuse for their size, number or type are named at once.
 */
export function OrderFileDrop({ files, onChange, disabled = false }: OrderFileDropProps) {
  const { t, i18n } = useTranslation();
  const [refused, setRefused] = useState<FileRefusal[]>([]);
  const [over, setOver] = useState(false);
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);

  const add = (incoming: File[]) => {
    const result = addFiles(files, incoming);
    setRefused(result.refused);
    if (result.files.length !== files.length) onChange(result.files);
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    add([...(event.target.files ?? [])]);
    // Cleared so that choosing the same file again after removing it fires a change.
    event.target.value = '';
  };

  const onDragOver = (event: DragEvent) => {
    // Without this the browser would open the dropped file instead of handing it to the page.
    event.preventDefault();
    if (!disabled) setOver(true);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        role="group"
        aria-label={t('orderForm.files.zone')}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: { xs: 3, sm: 5 },
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        <CloudUploadOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography sx={{ mt: 1 }}>{t('orderForm.files.zone')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('orderForm.files.hint', { count: ORDER_FILES_MAX, max: size(ORDER_FILE_MAX_BYTES) })}
        </Typography>
        <Button component="label" variant="outlined" disabled={disabled}>
          {t('orderForm.files.choose')}
          <input
            hidden
            type="file"
            multiple
            accept={ORDER_FILE_ACCEPT}
            onChange={onInput}
            disabled={disabled}
          />
        </Button>
      </Box>
      {refused.length > 0 && (
        <Alert severity="warning" onClose={() => setRefused([])}>
          {refused.map((refusal) => (
            <div key={`${refusal.reason}:${refusal.name}`}>
              {t(REFUSAL_TEXTS[refusal.reason], {
                name: refusal.name,
                max: refusal.reason === 'tooMany' ? ORDER_FILES_MAX : size(ORDER_FILE_MAX_BYTES),
              })}
            </div>
          ))}
        </Alert>
      )}
      {files.length === 0 ? (
        <Typography color="text.secondary">{t('orderForm.files.none')}</Typography>
      ) : (
        <List dense aria-label={t('orderForm.files.list')}>
          {files.map((file, index) => (
            <ListItem
              key={`${index}:${file.name}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('orderForm.files.remove', { name: file.name })}
                  onClick={() => onChange(files.filter((_, other) => other !== index))}
                  disabled={disabled}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <InsertDriveFileOutlinedIcon aria-hidden />
              </ListItemIcon>
              <ListItemText primary={file.name} secondary={size(file.size)} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
