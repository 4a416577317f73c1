import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CartPresetChoice, Preset, RetiredPresetChoice } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../shared/cart/asset-name';
import { plannedOutput } from '../../../shared/presets/preset-summary';
import { VerdictLines } from './verdict-lines';

export interface PresetChoiceHandlers {
  onAddPreset: (assetId: number, presetId: number) => void;
  onRemovePreset: (assetId: number, presetId: number) => void;
}

interface PresetChoicesProps extends PresetChoiceHandlers {
  assetId: number;
  /** The asset's name, for the accessible names of its controls. */
  name: string;
  choices: readonly CartPresetChoice[];
  /** Chosen presets retired since: shown struck through with why nothing comes, removable. */
  retired: readonly RetiredPresetChoice[];
  /** The active presets: those not chosen yet are offered. */
  presets: readonly Preset[];
}

/**
 * One cart item's presets (issue 21.2, 21.3): each chosen one with what it will deliver and its
 * verdicts, a refused one greyed with why it is left out, a retired one struck through with a
 * note; a remove button each, and a menu to add another. Used by the desktop table and the phone
 * cards alike.
 */
export function PresetChoices({
  assetId,
  name,
  choices,
  retired,
  presets,
  onAddPreset,
  onRemovePreset,
}: PresetChoicesProps) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const chosen = new Set(choices.map((choice) => choice.presetId));
  const offered = presets.filter((preset) => !chosen.has(preset.id));

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {choices.map((choice) => {
        const preset = localizedName(choice.name, i18n.language);
        return (
          <Box key={choice.presetId} data-preset-choice={`${assetId}:${choice.presetId}`}>
            <ChoiceLine
              preset={preset}
              struck={choice.refused}
              note={plannedOutput(choice.output)}
              removeLabel={t('conversions.cart.remove', { preset, name })}
              onRemove={() => onRemovePreset(assetId, choice.presetId)}
            />
            <VerdictLines choice={choice} />
          </Box>
        );
      })}
      {retired.map((choice) => {
        const preset = localizedName(choice.name, i18n.language);
        return (
          <Box key={choice.presetId} data-preset-choice={`${assetId}:${choice.presetId}`}>
            <ChoiceLine
              preset={preset}
              struck
              note={t('conversions.cart.retired')}
              removeLabel={t('conversions.cart.remove', { preset, name })}
              onRemove={() => onRemovePreset(assetId, choice.presetId)}
            />
          </Box>
        );
      })}
      {offered.length > 0 && (
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            aria-haspopup="menu"
            aria-label={t('conversions.cart.addNamed', { name })}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            {t('conversions.cart.add')}
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {offered.map((preset) => (
              <MenuItem
                key={preset.id}
                onClick={() => {
                  setAnchor(null);
                  onAddPreset(assetId, preset.id);
                }}
              >
                {localizedName(preset.name, i18n.language)}
              </MenuItem>
            ))}
          </Menu>
        </Box>
      )}
    </Stack>
  );
}

interface ChoiceLineProps {
  preset: string;
  /** Delivers nothing (refused or retired): greyed and struck through. */
  struck: boolean;
  note: string;
  removeLabel: string;
  onRemove: () => void;
}

/** A chosen preset's chip, a note beside it (planned output, or why nothing comes) and its ×. */
function ChoiceLine({ preset, struck, note, removeLabel, onRemove }: ChoiceLineProps) {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={preset}
        color={struck ? 'default' : 'primary'}
        variant={struck ? 'outlined' : 'filled'}
        sx={struck ? { color: 'text.secondary', textDecoration: 'line-through' } : undefined}
      />
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {note}
      </Typography>
      <IconButton size="small" aria-label={removeLabel} onClick={onRemove} sx={{ ml: 'auto' }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
