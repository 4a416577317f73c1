import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IMAGE_CATEGORIES,
  LANGUAGES,
  UpdateAssetRequest,
  type AdminAsset,
  type AdminCustomFields,
  type Language,
} from '@mediabox/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useUpdateAsset } from '../api/catalogue-api';
import { useLanguage } from '../../../shared/i18n/use-language';
import { assetName, imageCategoryName } from '../lib/admin-asset';
import { errorKeys } from '../lib/admin-errors';
import { assetChanges, assetFormValues, type AssetFormValues } from '../lib/asset-form';
import type { CatalogueTree } from '../lib/catalogue-tree';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../lib/field-errors';
import { NodePicker } from './node-picker';

const NAME_LABELS: Record<Language, string> = {
  de: 'admin.catalogue.asset.nameDe',
  en: 'admin.catalogue.asset.nameEn',
  fr: 'admin.catalogue.asset.nameFr',
};
/** The custom fields of spec 3 in the form's order; 102 (the view) is a select, the rest text. */
const CUSTOM_FIELDS = [
  { id: 100, label: 'admin.catalogue.asset.fields.gtin', numeric: true },
  { id: 101, label: 'admin.catalogue.asset.fields.linked', numeric: false },
  { id: 102, label: 'admin.catalogue.asset.fields.view', numeric: false },
  { id: 103, label: 'admin.catalogue.asset.fields.version', numeric: true },
  { id: 104, label: 'admin.catalogue.asset.fields.variant', numeric: true },
] as const satisfies readonly { id: keyof AdminCustomFields; label: string; numeric: boolean }[];
const IMAGE_CATEGORY_IDS = Object.keys(IMAGE_CATEGORIES);

interface AssetEditFormProps {
  asset: AdminAsset;
  tree: CatalogueTree;
}

/**
 * An asset's texts, custom fields and category. Only what changed is sent; the contract's schema
 * checks it first, and the server's field codes (a GTIN with a wrong check digit) show at the field.
 */
export function AssetEditForm({ asset, tree }: AssetEditFormProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const snackbar = useSnackbar();
  const update = useUpdateAsset();
  const [values, setValues] = useState<AssetFormValues>(() => assetFormValues(asset));
  const [checked, setChecked] = useState<FieldErrors>({});
  const change = assetChanges(asset, values);
  const serverFields = apiFieldErrors(update.error);
  const fieldError = (path: string) => checked[path] ?? serverFields[path];
  const errorProps = (path: string, hint?: string) => {
    const code = fieldError(path);
    return { error: code !== undefined, helperText: code ? t(code) : hint };
  };
  const set = (next: Partial<AssetFormValues>) => setValues((old) => ({ ...old, ...next }));
  const setField = (id: keyof AdminCustomFields, value: string) =>
    setValues((old) => ({ ...old, customFields: { ...old.customFields, [id]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    const result = UpdateAssetRequest.safeParse(change);
    if (!result.success) {
      setChecked(schemaFieldErrors(result.error));
      return;
    }
    setChecked({});
    update.mutate(
      { id: asset.id, change: result.data },
      {
        onSuccess: (saved) => {
          setValues(assetFormValues(saved));
          snackbar.show('admin.catalogue.asset.saved', 'success', { name: assetName(saved, lang) });
        },
      },
    );
  };

  // A stored value outside 1–12 (an imported GS1 code) stays choosable instead of silently vanishing.
  const view = values.customFields[102];
  const viewOptions =
    view && !IMAGE_CATEGORY_IDS.includes(view) ? [...IMAGE_CATEGORY_IDS, view] : IMAGE_CATEGORY_IDS;
  const hasFieldErrors = Object.keys(checked).length > 0 || Object.keys(serverFields).length > 0;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="asset-details-heading">
      <Typography id="asset-details-heading" variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('admin.catalogue.asset.details')}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {LANGUAGES.map((language) => (
            <TextField
              key={language}
              label={t(NAME_LABELS[language])}
              value={values.name[language]}
              onChange={(event) => set({ name: { ...values.name, [language]: event.target.value } })}
              required={language === 'de'}
              fullWidth
              slotProps={{ htmlInput: { lang: language } }}
              {...errorProps(
                `name.${language}`,
                language === 'de' ? undefined : t('admin.catalogue.asset.fallbackHint'),
              )}
            />
          ))}
        </Stack>
        <TextField
          label={t('admin.catalogue.asset.keywords')}
          value={values.keywords}
          onChange={(event) => set({ keywords: event.target.value })}
          multiline
          minRows={2}
          fullWidth
          {...errorProps('keywords')}
        />
        <TextField
          label={t('admin.catalogue.asset.description')}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          multiline
          minRows={3}
          fullWidth
          {...errorProps('description')}
        />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {CUSTOM_FIELDS.map((field) =>
            field.id === 102 ? (
              <TextField
                key={field.id}
                select
                label={t(field.label)}
                value={view}
                onChange={(event) => setField(field.id, event.target.value)}
                {...errorProps(`customFields.${field.id}`)}
              >
                <MenuItem value="">{t('admin.catalogue.asset.noView')}</MenuItem>
                {viewOptions.map((id) => (
                  <MenuItem key={id} value={id}>
                    {imageCategoryName(id, lang)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                key={field.id}
                label={t(field.label)}
                value={values.customFields[field.id]}
                onChange={(event) => setField(field.id, event.target.value)}
                slotProps={{ htmlInput: field.numeric ? { inputMode: 'numeric' } : {} }}
                {...errorProps(`customFields.${field.id}`)}
              />
            ),
          )}
        </Box>
        <NodePicker
          tree={tree}
          label={t('admin.catalogue.asset.category')}
          value={values.container}
          onChange={(id) => id !== null && set({ container: id })}
          required
          error={fieldError('container')}
        />
        {update.isError && (
          <Alert severity="error">
            {t(hasFieldErrors ? 'admin.catalogue.asset.checkFields' : errorKeys(update.error))}
          </Alert>
        )}
        {!update.isError && Object.keys(checked).length > 0 && (
          <Alert severity="error">{t('admin.catalogue.asset.checkFields')}</Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            disabled={!change || update.isPending}
            onClick={() => {
              setValues(assetFormValues(asset));
              setChecked({});
              update.reset();
            }}
          >
            {t('admin.catalogue.asset.discard')}
          </Button>
          <Button type="submit" variant="contained" disabled={!change || update.isPending}>
            {t('admin.catalogue.asset.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
