import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import Typography from '@mui/material/Typography';
import type { CreatePresetRequest, Preset } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageLoading } from '../../../shared/ui/page-loading';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useAdminPresets, useCreatePreset, useSetPresetRetired, useUpdatePreset } from '../api/presets-api';
import { AdminTableHead, EmptyTableRow } from '../components/admin-table-parts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PresetFormDialog } from '../components/preset-form-dialog';
import { PRESET_COLUMNS, PresetRow } from '../components/preset-row';
import { errorKeys } from '../lib/admin-errors';
import { presetChanges } from '../lib/preset-form';

/** What the form dialog is open for: a new preset, or an existing one. */
type Editing = { preset: Preset | null };

/**
 * Issue 21.1 `/admin/presets`: the conversion presets users pick for downloads, shipped and own ones,
 * retired ones included, oldest first.
 */
export default function PresetsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const snackbar = useSnackbar();
  const presets = useAdminPresets();
  const create = useCreatePreset();
  const update = useUpdatePreset();
  const setRetired = useSetPresetRetired();
  const [editing, setEditing] = useState<Editing | null>(null);
  // The dialogs keep their last preset while they fade out, so they do not go blank on closing.
  const [shownEditing, setShownEditing] = useState<Editing>({ preset: null });
  const [retiring, setRetiring] = useState<Preset | null>(null);
  const [askedRetire, setAskedRetire] = useState<Preset | null>(null);

  const save = editing?.preset ? update : create;
  const saved = (preset: Preset) => {
    setEditing(null);
    snackbar.show('admin.presets.saved', 'success', { name: preset.name[lang] });
  };
  const openForm = (preset: Preset | null) => {
    create.reset();
    update.reset();
    setEditing({ preset });
    setShownEditing({ preset });
  };
  const submit = (request: CreatePresetRequest) => {
    const preset = editing?.preset;
    if (!preset) {
      create.mutate(request, { onSuccess: saved });
      return;
    }
    const change = presetChanges(preset, request);
    if (change) update.mutate({ id: preset.id, change }, { onSuccess: saved });
    else setEditing(null);
  };
  const switchRetired = (preset: Preset, retired: boolean) =>
    setRetired.mutate(
      { id: preset.id, retired },
      {
        onSuccess: (changed) => {
          setRetiring(null);
          const key = retired ? 'admin.presets.retired' : 'admin.presets.restored';
          snackbar.show(key, 'success', { name: changed.name[lang] });
        },
      },
    );
  const askRetire = (preset: Preset) => {
    setRetired.reset();
    setRetiring(preset);
    setAskedRetire(preset);
  };
  const cancelRetire = () => {
    setRetiring(null);
    setRetired.reset();
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary">{t('admin.presets.intro')}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => openForm(null)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('admin.presets.create')}
        </Button>
      </Stack>
      {/* A refused restore has no dialog to show it in: it stays above the table until closed. */}
      {setRetired.isError && !retiring && (
        <Alert severity="error" onClose={() => setRetired.reset()}>
          {t(errorKeys(setRetired.error))}
        </Alert>
      )}
      {presets.isPending ? (
        <PageLoading />
      ) : presets.isError ? (
        <Alert severity="error">{t('admin.loadFailed')}</Alert>
      ) : (
        <PhoneStackedTable
          label={t('admin.presets.label')}
          columnHeadings={PRESET_COLUMNS.map((column) => t(`admin.presets.columns.${column}`))}
        >
          <Table size="small" aria-label={t('admin.presets.label')}>
            <AdminTableHead
              columns={PRESET_COLUMNS}
              label={(column) => t(`admin.presets.columns.${column}`)}
            />
            <TableBody>
              {presets.data.length === 0 ? (
                <EmptyTableRow colSpan={PRESET_COLUMNS.length}>
                  <Typography color="text.secondary">{t('admin.presets.empty')}</Typography>
                </EmptyTableRow>
              ) : (
                presets.data.map((preset) => (
                  <PresetRow
                    key={preset.id}
                    preset={preset}
                    busy={setRetired.isPending}
                    onEdit={() => openForm(preset)}
                    onRetire={() => askRetire(preset)}
                    onRestore={() => switchRetired(preset, false)}
                  />
                ))
              )}
            </TableBody>
          </Table>
        </PhoneStackedTable>
      )}
      <PresetFormDialog
        open={editing !== null}
        preset={shownEditing.preset}
        pending={save.isPending}
        error={save.isError ? save.error : null}
        onSubmit={submit}
        onCancel={() => setEditing(null)}
      />
      <ConfirmDialog
        open={retiring !== null}
        title={askedRetire ? t('admin.presets.retireDialog.title', { name: askedRetire.name[lang] }) : ''}
        text={t('admin.presets.retireDialog.text')}
        confirmLabel={t('admin.presets.retireDialog.yes')}
        pending={setRetired.isPending}
        error={retiring && setRetired.isError ? errorKeys(setRetired.error) : null}
        onConfirm={() => retiring && switchRetired(retiring, true)}
        onCancel={cancelRetire}
      />
    </Stack>
  );
}
