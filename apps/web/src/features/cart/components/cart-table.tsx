import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CartAnswer, MediaType, Preset } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localizedName } from '../../../shared/cart/asset-name';
import { assetPath } from '../../../shared/routing/paths';
import {
  assetsWithFiles,
  choiceKey,
  chosenKeys,
  formatColumns,
  hasFormat,
  type FormatColumn,
} from '../lib/cart-table';
import { VISUALLY_HIDDEN } from '../../../shared/ui/visually-hidden';
import { CartThumbnail } from './cart-thumbnail';
import { NoFormatHint } from './no-format-hint';
import { PresetChoices, type PresetChoiceHandlers } from './preset-choices';

interface CartTableProps extends PresetChoiceHandlers {
  contents: CartAnswer;
  /** The active presets an item can be given (issue 21.2). */
  presets: readonly Preset[];
  onToggle: (assetId: number, mediaType: MediaType, checked: boolean) => void;
  /** Select-all of one format column: the assets whose checkbox changes. */
  onToggleAll: (column: FormatColumn, assetIds: number[], checked: boolean) => void;
  onRemove: (assetId: number) => void;
}

const THUMB_SIZE = 48;

/**
 * Spec 2.6: delete control, name and one checkbox per format, with a select-all per format; and a
 * thumbnail, so the user sees which picture a name stands for (issue 19.13). Under the name, the
 * item's presets with their verdicts (issue 21.2, 21.3).
 */
export function CartTable({
  contents,
  presets,
  onToggle,
  onToggleAll,
  onRemove,
  onAddPreset,
  onRemovePreset,
}: CartTableProps) {
  const { t, i18n } = useTranslation();
  const chosen = chosenKeys(contents);
  const columns = formatColumns(contents.items);
  const withFiles = assetsWithFiles(contents);
  const entries = new Map(contents.cartItems.map((entry) => [entry.id, entry]));

  return (
    <TableContainer>
      <Table size="small" aria-label={t('cart.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('cart.table.remove')}
              </Box>
            </TableCell>
            <TableCell padding="none">
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('cart.table.thumbnail')}
              </Box>
            </TableCell>
            <TableCell>{t('cart.table.name')}</TableCell>
            {columns.map((column) => {
              const format = localizedName(column.name, i18n.language);
              const checked = column.assetIds.filter((id) => chosen.has(choiceKey(id, column.mediaType)));
              const all = checked.length === column.assetIds.length;
              const mixed = checked.length > 0 && !all;
              return (
                <TableCell key={column.mediaType} align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center' }}>
                    <Checkbox
                      size="small"
                      checked={all}
                      indeterminate={mixed}
                      // MUI marks "some" with aria-checked="mixed", which a native checkbox may not
                      // carry (axe aria-conditional-attr); the input's own indeterminate state says it.
                      inputRef={(input: HTMLInputElement | null) => {
                        if (input) input.indeterminate = mixed;
                      }}
                      slotProps={{
                        input: {
                          'aria-label': t('cart.table.selectAll', { format }),
                          'aria-checked': undefined,
                        },
                      }}
                      onChange={() => {
                        // Off when all are on, otherwise on for those still off.
                        const changing = all
                          ? column.assetIds
                          : column.assetIds.filter((id) => !chosen.has(choiceKey(id, column.mediaType)));
                        onToggleAll(column, changing, !all);
                      }}
                    />
                    <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                      {format}
                    </Typography>
                  </Stack>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {contents.items.map((asset) => {
            const name = localizedName(asset.name, i18n.language);
            return (
              <TableRow key={asset.id} hover>
                <TableCell padding="checkbox">
                  <IconButton
                    size="small"
                    aria-label={t('cart.table.removeNamed', { name })}
                    onClick={() => onRemove(asset.id)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </TableCell>
                <TableCell padding="none" sx={{ py: 0.5 }}>
                  <CartThumbnail src={asset.defaultThumbTicket} size={THUMB_SIZE} />
                </TableCell>
                <TableCell sx={{ maxWidth: 360 }}>
                  <Link
                    component={RouterLink}
                    to={assetPath(asset.id)}
                    underline="hover"
                    sx={{ wordBreak: 'break-word' }}
                  >
                    {name}
                  </Link>
                  {!withFiles.has(asset.id) && <NoFormatHint />}
                  <PresetChoices
                    assetId={asset.id}
                    name={name}
                    choices={entries.get(asset.id)?.presets ?? []}
                    retired={entries.get(asset.id)?.retiredPresets ?? []}
                    presets={presets}
                    onAddPreset={onAddPreset}
                    onRemovePreset={onRemovePreset}
                  />
                </TableCell>
                {columns.map((column) => {
                  const format = localizedName(column.name, i18n.language);
                  if (!hasFormat(asset, column.mediaType)) {
                    return (
                      <TableCell key={column.mediaType} align="center">
                        <Typography variant="body2" color="text.disabled" aria-label={t('cart.table.noFile')}>
                          –
                        </Typography>
                      </TableCell>
                    );
                  }
                  const key = choiceKey(asset.id, column.mediaType);
                  return (
                    <TableCell key={column.mediaType} align="center">
                      <Checkbox
                        size="small"
                        checked={chosen.has(key)}
                        data-choice={key}
                        slotProps={{ input: { 'aria-label': t('cart.table.formatNamed', { format, name }) } }}
                        onChange={(event) => onToggle(asset.id, column.mediaType, event.target.checked)}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
