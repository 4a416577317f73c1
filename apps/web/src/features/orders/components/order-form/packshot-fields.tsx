import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  PACKSHOT_GTIN_TYPES,
  PACKSHOT_TYPES,
  type OrderTextPath,
  type PackshotGtinType,
} from '../../lib/order-form-values';
import type { OrderFormState } from '../../hooks/use-order-form';

interface PackshotFieldsProps {
  form: OrderFormState;
  text: (path: OrderTextPath) => Partial<TextFieldProps>;
  locked: boolean;
}

const hasGtin = (type: string): type is PackshotGtinType =>
  (PACKSHOT_GTIN_TYPES as readonly string[]).includes(type);

/**
 * The packshot types an order asks for (spec 3). A ticked type with a GTIN of its own shows its GTIN
 * field, the display also its article number; unticked types keep what was typed but hide it.
 */
export function PackshotFields({ form, text, locked }: PackshotFieldsProps) {
  const { t } = useTranslation();
  const { packshot } = form.values;
  const ticked = PACKSHOT_GTIN_TYPES.filter((type) => packshot[type]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControl component="fieldset" disabled={locked}>
        <FormLabel component="legend">{t('orderForm.packshot.label')}</FormLabel>
        <FormGroup row>
          {PACKSHOT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  name={`packshot.${type}`}
                  checked={packshot[type]}
                  onChange={(event) => form.setPackshotType(type, event.target.checked)}
                />
              }
              label={t(`orderForm.packshot.${type}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      {ticked.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {PACKSHOT_TYPES.filter(hasGtin)
            .filter((type) => packshot[type])
            .flatMap((type) => {
              const fields = [
                <TextField
                  key={type}
                  label={t(`orderForm.packshot.gtin.${type}`)}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }}
                  {...text(`packshot.gtin.${type}`)}
                />,
              ];
              if (type === 'display') {
                fields.push(
                  <TextField
                    key="display-article"
                    label={t('orderForm.packshot.displayArticleId')}
                    {...text('packshot.articleId.display')}
                  />,
                );
              }
              return fields;
            })}
        </Box>
      )}
      <TextField
        label={t('orderForm.packshot.description')}
        multiline
        minRows={2}
        {...text('packshot.description')}
      />
    </Box>
  );
}
