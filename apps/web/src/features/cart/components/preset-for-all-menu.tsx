import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { CartAnswer, Preset } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../shared/cart/asset-name';
import { assetsWithPreset } from '../lib/preset-choices';

interface PresetForAllMenuProps {
  contents: CartAnswer;
  presets: readonly Preset[];
  disabled: boolean;
  /** Adds (`on`) or removes the preset for every item of the cart: `{assetIds, preset}`. */
  onChange: (presetId: number, assetIds: number[], on: boolean) => void;
}

/**
 * "Vorgabe für alle" (issue 21.2): chooses a preset for every item of the cart at once, or takes one
 * that any item has off all of them.
 */
export function PresetForAllMenu({ contents, presets, disabled, onChange }: PresetForAllMenuProps) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (presets.length === 0) return null;
  const allIds = contents.items.map((item) => item.id);
  const removable = presets.filter((preset) => assetsWithPreset(contents, preset.id).length > 0);
  const pick = (presetId: number, on: boolean) => {
    setAnchor(null);
    onChange(presetId, allIds, on);
  };

  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        disabled={disabled || allIds.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('conversions.forAll.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>{t('conversions.forAll.add')}</ListSubheader>
        {presets.map((preset) => {
          const name = localizedName(preset.name, i18n.language);
          return (
            <MenuItem
              key={`add-${preset.id}`}
              aria-label={t('conversions.forAll.addNamed', { name })}
              onClick={() => pick(preset.id, true)}
            >
              {name}
            </MenuItem>
          );
        })}
        {removable.length > 0 && <Divider />}
        {removable.length > 0 && <ListSubheader>{t('conversions.forAll.remove')}</ListSubheader>}
        {removable.map((preset) => {
          const name = localizedName(preset.name, i18n.language);
          return (
            <MenuItem
              key={`remove-${preset.id}`}
              aria-label={t('conversions.forAll.removeNamed', { name })}
              onClick={() => pick(preset.id, false)}
            >
              {name}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
