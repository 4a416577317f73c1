import { ORDER_FILE_MAX_BYTES, ORDER_FILES_MAX } from '@mediabox/contract';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type DragEvent,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../../shared/text/format';
import { useFileThumbnails } from '../../hooks/use-file-thumbnails';
import {
  addFiles,
  hasAcceptedContent,
  ORDER_FILE_ACCEPT,
  type FileRefusal,
  type FileRefusalReason,
} from '../../lib/order-files';

/** The text of each reason a file is not added (the contract's reasons: a new one needs a text). */
const REFUSAL_TEXTS: Record<FileRefusalReason, string> = {
  tooLarge: 'orderForm.files.refusedTooLarge',
  tooMany: 'orderForm.files.refusedTooMany',
  type: 'orderForm.files.refusedType',
  content: 'orderForm.files.refusedContent',
};

const THUMBNAIL = 48;

interface OrderFileDropProps {
  files: readonly File[];
  /** A state setter: files found bad after the check of their bytes leave the list as it is then. */
  onChange: Dispatch<SetStateAction<File[]>>;
  disabled?: boolean;
}

/**
 * Spec 2.10 "Dateien": a drop zone and a file button, the chosen files with a thumbnail (images),
 * their size and a remove button. A file the server would refuse for its size, the number of files,
 * its type, or an image that does not decode is listed at once with its own reason, and the
 * others stay as they are (issue 19).
 */
export function OrderFileDrop({ files, onChange, disabled = false }: OrderFileDropProps) {
  const { t, i18n } = useTranslation();
  const [refused, setRefused] = useState<FileRefusal[]>([]);
  const [over, setOver] = useState(false);
  const thumbnails = useFileThumbnails(files);
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);

  const add = (incoming: File[]) => {
    const result = addFiles(files, incoming);
    // A file chosen again leaves the refused list: it either is taken now or is refused anew.
    const names = new Set(incoming.map((file) => file.name));
    setRefused((current) => [...current.filter((entry) => !names.has(entry.name)), ...result.refused]);
    if (result.files.length === files.length) return;
    onChange(result.files);
    // Then the bytes, as the server will check them: a bad file leaves the list with its reason.
    for (const file of result.files.slice(files.length)) {
      void hasAcceptedContent(file).then((accepted) => {
        if (!accepted) refuseContent(file);
      });
    }
  };

  // Both the byte check and a failed thumbnail may find the same file: it is refused once.
  const refusedFiles = useRef(new WeakSet<File>());
  /** A file whose bytes are no accepted format, or an image the browser cannot draw. */
  const refuseContent = (bad: File) => {
    if (refusedFiles.current.has(bad)) return;
    refusedFiles.current.add(bad);
    onChange((current) => current.filter((file) => file !== bad));
    setRefused((current) => [...current, { name: bad.name, reason: 'content' }]);
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
      <Box aria-live="polite">
        {refused.length > 0 && (
          <List dense aria-label={t('orderForm.files.refusedList')}>
            {refused.map((refusal, index) => (
              <ListItem
                key={`${index}:${refusal.name}`}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('orderForm.files.dismiss', { name: refusal.name })}
                    onClick={() => setRefused((current) => current.filter((entry) => entry !== refusal))}
                  >
                    <CloseIcon />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: THUMBNAIL + 16 }}>
                  <ErrorOutlineIcon color="error" aria-hidden />
                </ListItemIcon>
                <ListItemText
                  primary={refusal.name}
                  secondary={t(REFUSAL_TEXTS[refusal.reason], {
                    max: refusal.reason === 'tooMany' ? ORDER_FILES_MAX : size(ORDER_FILE_MAX_BYTES),
                  })}
                  slotProps={{
                    primary: { sx: { wordBreak: 'break-word' } },
                    secondary: { color: 'error', sx: { wordBreak: 'break-word' } },
                  }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
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
              <ListItemIcon sx={{ minWidth: THUMBNAIL + 16 }}>
                {thumbnails.has(file) ? (
                  <Box
                    component="img"
                    src={thumbnails.get(file)}
                    alt={t('orderForm.files.thumbnail', { name: file.name })}
                    onError={() => refuseContent(file)}
                    sx={{ width: THUMBNAIL, height: THUMBNAIL, objectFit: 'contain', borderRadius: 1 }}
                  />
                ) : (
                  <InsertDriveFileOutlinedIcon aria-hidden sx={{ fontSize: THUMBNAIL }} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={file.name}
                secondary={size(file.size)}
                slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
