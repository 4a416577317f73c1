import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Preset } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { presetSummary } from '../lib/preset-summary';

/** The columns of the presets table, in the order `PresetRow` fills them. */
export const PRESET_COLUMNS = ['name', 'settings', 'version', 'state', 'actions'] as const;

interface PresetRowProps {
  preset: Preset;
  /** An action of this table is under way: the buttons wait for it. */
  busy: boolean;
  onEdit: () => void;
  onRetire: () => void;
  onRestore: () => void;
}

/**
 * One preset: its name in the admin's language, its settings on one line, its version and whether
 * users can pick it. A retired preset is greyed (in readable grey, not faded) and offers restoring.
 */
export function PresetRow({ preset, busy, onEdit, onRetire, onRestore }: PresetRowProps) {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const name = preset.name[lang];
  const quiet = preset.retired ? { color: 'text.secondary' } : {};
  return (
    <TableRow data-preset-id={preset.id} sx={preset.retired ? { bgcolor: 'action.hover' } : undefined}>
      <TableCell sx={{ fontWeight: 500, ...quiet }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{name}</span>
          {preset.shippedKey && <Chip size="small" variant="outlined" label={t('admin.presets.shipped')} />}
        </Stack>
      </TableCell>
      <TableCell sx={{ minWidth: 220, ...quiet }}>
        {presetSummary(preset.settings, t, i18n.language)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...quiet }}>
        {t('admin.presets.version', { version: preset.version })}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={preset.retired ? 'default' : 'success'}
          variant={preset.retired ? 'outlined' : 'filled'}
          label={t(preset.retired ? 'admin.presets.states.retired' : 'admin.presets.states.active')}
        />
      </TableCell>
      <TableCell>
        {/* Wraps rather than overflowing the narrow value column of a phone's stacked row. */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" onClick={onEdit} aria-label={t('admin.presets.editOne', { name })}>
            {t('admin.presets.edit')}
          </Button>
          {preset.retired ? (
            <Button
              size="small"
              disabled={busy}
              onClick={onRestore}
              aria-label={t('admin.presets.restoreOne', { name })}
            >
              {t('admin.presets.restore')}
            </Button>
          ) : (
            <Button
              size="small"
              color="error"
              disabled={busy}
              onClick={onRetire}
              aria-label={t('admin.presets.retireOne', { name })}
            >
              {t('admin.presets.retire')}
            </Button>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
