import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  CMYK_FORMATS,
  LANGUAGES,
  PRESET_COLOUR_SPACES,
  PRESET_FORMATS,
  PRESET_SIZE_MODES,
  type CreatePresetRequest,
  type Preset,
} from '@mediabox/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeys } from '../lib/admin-errors';
import { apiFieldErrors, type FieldErrors } from '../lib/field-errors';
import {
  NEW_PRESET_VALUES,
  checkPresetForm,
  hasQuality,
  presetFormValues,
  type JpegTarget,
  type PresetFormValues,
} from '../lib/preset-form';
import { PRESET_FORMAT_LABELS } from '../lib/preset-summary';

/** The request paths this form shows at a field; a refusal of any other path shows above the buttons. */
const SHOWN_FIELDS = new Set([
  ...LANGUAGES.map((lang) => `name.${lang}`),
  ...['format', 'size.mode', 'size.width', 'size.height', 'size.background', 'refuseUpscaling'].map(
    (field) => `settings.${field}`,
  ),
  ...['colourSpace', 'dpi', 'quality', 'maxBytes', 'fileSuffix'].map((field) => `settings.${field}`),
]);

interface PresetFormDialogProps {
  open: boolean;
  /** The preset to edit, or null for a new one. */
  preset: Preset | null;
  pending: boolean;
  /** The server's refusal, or null: field codes show at their field, anything else above the buttons. */
  error: unknown;
  onSubmit: (request: CreatePresetRequest) => void;
  onCancel: () => void;
}

/**
 * Creating or editing a conversion preset (issue 21.1): its names and every setting. Checked with the
 * contract's own schema, so the messages are the ones the server would give; choices that cannot go
 * together are disabled where the form can tell (quality for formats without one, CMYK for PNG and
 * WebP, enlarging and refusing to enlarge at once).
 */
export function PresetFormDialog(props: PresetFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const initial = () => (props.preset ? presetFormValues(props.preset) : NEW_PRESET_VALUES);
  const [values, setValues] = useState<PresetFormValues>(initial);
  const [checked, setChecked] = useState<FieldErrors>({});
  // Each opening starts from the preset it was opened with.
  const [shownOpen, setShownOpen] = useState(props.open);
  if (shownOpen !== props.open) {
    setShownOpen(props.open);
    if (props.open) {
      setValues(initial());
      setChecked({});
    }
  }
  const serverFields = apiFieldErrors(props.error);
  const unshown = Object.entries(serverFields).find(([path]) => !SHOWN_FIELDS.has(path));
  const code = (path: string) => checked[path] ?? serverFields[path];
  const errorProps = (path: string) => {
    const found = code(path);
    return { error: found !== undefined, helperText: found ? t(found) : undefined };
  };
  const set = <K extends keyof PresetFormValues>(key: K, value: PresetFormValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkPresetForm(values);
    setChecked(result.errors ?? {});
    if (result.request) props.onSubmit(result.request);
  };

  const quality = hasQuality(values.format);
  const cmykPossible = CMYK_FORMATS.includes(values.format);
  const colourCode = code('settings.colourSpace');
  const refuseCode = code('settings.refuseUpscaling');
  const numberField = (key: 'width' | 'height' | 'dpi' | 'quality' | 'megabytes', path: string) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    slotProps: { htmlInput: { inputMode: key === 'megabytes' ? 'decimal' : 'numeric' } as const },
    ...errorProps(path),
  });

  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {props.preset ? t('admin.presets.form.editTitle') : t('admin.presets.form.createTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('admin.presets.form.versionNote')}</DialogContentText>
          <Stack spacing={2}>
            {LANGUAGES.map((lang) => (
              <TextField
                key={lang}
                label={t(`admin.presets.form.name.${lang}`)}
                value={values.name[lang]}
                onChange={(event) => set('name', { ...values.name, [lang]: event.target.value })}
                required
                fullWidth
                slotProps={{ htmlInput: { lang } }}
                {...errorProps(`name.${lang}`)}
              />
            ))}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                label={t('admin.presets.form.format')}
                value={values.format}
                onChange={(event) => set('format', event.target.value as PresetFormValues['format'])}
                {...errorProps('settings.format')}
              >
                {PRESET_FORMATS.map((format) => (
                  <MenuItem key={format} value={format}>
                    {PRESET_FORMAT_LABELS[format]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                fullWidth
                label={t('admin.presets.form.colourSpace')}
                value={values.colourSpace}
                onChange={(event) =>
                  set('colourSpace', event.target.value as PresetFormValues['colourSpace'])
                }
                error={colourCode !== undefined}
                helperText={colourCode ? t(colourCode) : t('admin.presets.form.cmykHint')}
              >
                {PRESET_COLOUR_SPACES.map((space) => (
                  <MenuItem key={space} value={space} disabled={space === 'cmyk' && !cmykPossible}>
                    {t(`admin.presets.colourSpaces.${space}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              select
              fullWidth
              label={t('admin.presets.form.mode')}
              value={values.mode}
              onChange={(event) => set('mode', event.target.value as PresetFormValues['mode'])}
              {...errorProps('settings.size.mode')}
            >
              {PRESET_SIZE_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`admin.presets.modes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={2}>
              <TextField
                fullWidth
                label={t('admin.presets.form.width')}
                {...numberField('width', 'settings.size.width')}
              />
              <TextField
                fullWidth
                label={t('admin.presets.form.height')}
                {...numberField('height', 'settings.size.height')}
              />
            </Stack>
            {values.mode === 'pad' && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  fullWidth
                  label={t('admin.presets.form.background')}
                  value={values.background}
                  onChange={(event) => set('background', event.target.value)}
                  {...errorProps('settings.size.background')}
                />
                {/* The colour itself beside its code, once the code is one. */}
                <Box
                  aria-hidden
                  sx={{
                    flex: '0 0 auto',
                    width: 56,
                    height: 56,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: /^#[0-9a-fA-F]{6}$/.test(values.background.trim())
                      ? values.background.trim()
                      : 'transparent',
                  }}
                />
              </Stack>
            )}
            <FormControl error={refuseCode !== undefined}>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.allowUpscale}
                    disabled={values.refuseUpscaling}
                    onChange={(event) => set('allowUpscale', event.target.checked)}
                  />
                }
                label={t('admin.presets.form.allowUpscale')}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={values.refuseUpscaling}
                    disabled={values.allowUpscale}
                    onChange={(event) => set('refuseUpscaling', event.target.checked)}
                  />
                }
                label={t('admin.presets.form.refuseUpscaling')}
              />
              <FormHelperText>
                {refuseCode ? t(refuseCode) : t('admin.presets.form.upscaleHint')}
              </FormHelperText>
            </FormControl>
            <TextField label={t('admin.presets.form.dpi')} {...numberField('dpi', 'settings.dpi')} />
            <FormControl disabled={!quality}>
              <FormLabel id={`${titleId}-jpeg`}>{t('admin.presets.form.compression')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-jpeg`}
                value={values.jpegTarget}
                onChange={(event) => set('jpegTarget', event.target.value as JpegTarget)}
              >
                <FormControlLabel
                  value="quality"
                  control={<Radio />}
                  label={t('admin.presets.form.byQuality')}
                />
                <FormControlLabel value="size" control={<Radio />} label={t('admin.presets.form.bySize')} />
              </RadioGroup>
              {!quality && <FormHelperText>{t('admin.presets.form.jpegOnly')}</FormHelperText>}
            </FormControl>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                fullWidth
                label={t('admin.presets.form.quality')}
                disabled={!quality || values.jpegTarget !== 'quality'}
                {...numberField('quality', 'settings.quality')}
              />
              <TextField
                fullWidth
                label={t('admin.presets.form.megabytes')}
                disabled={!quality || values.jpegTarget !== 'size'}
                {...numberField('megabytes', 'settings.maxBytes')}
              />
            </Stack>
            <TextField
              label={t('admin.presets.form.fileSuffix')}
              value={values.fileSuffix}
              onChange={(event) => set('fileSuffix', event.target.value)}
              {...(code('settings.fileSuffix')
                ? errorProps('settings.fileSuffix')
                : { helperText: t('admin.presets.form.fileSuffixHint') })}
            />
          </Stack>
          {props.error != null && (Object.keys(serverFields).length === 0 || unshown) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(unshown ? [unshown[1], ...errorKeys(props.error)] : errorKeys(props.error))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onCancel}>{t('admin.actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={props.pending}>
            {t('admin.presets.form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
