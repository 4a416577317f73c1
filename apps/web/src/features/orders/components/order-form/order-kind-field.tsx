import { ORDER_KINDS, type OrderChangeKinds, type OrderKind } from '@mediabox/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';

interface OrderKindFieldProps {
  kind: OrderKind;
  change: OrderChangeKinds;
  onKind: (kind: OrderKind) => void;
  onChange: (key: keyof OrderChangeKinds, checked: boolean) => void;
  disabled?: boolean;
}

const CHANGE_KEYS = ['data', 'packshot'] as const;

/** Spec 2.10: new article, change or delisting; a change says whether data or images change. */
export function OrderKindField({ kind, change, onKind, onChange, disabled }: OrderKindFieldProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 6 } }}>
      <FormControl disabled={disabled}>
        <FormLabel id="order-kind-label">{t('orderForm.kind.label')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="order-kind-label"
          name="new"
          value={kind}
          onChange={(event) => onKind(event.target.value as OrderKind)}
        >
          {ORDER_KINDS.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`orderForm.kind.${value}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {kind === 'no' && (
        <FormControl component="fieldset" disabled={disabled}>
          <FormLabel component="legend">{t('orderForm.change.label')}</FormLabel>
          <FormGroup row>
            {CHANGE_KEYS.map((key) => (
              <FormControlLabel
                key={key}
                control={
                  <Checkbox
                    name={`change.${key}`}
                    checked={change[key]}
                    onChange={(event) => onChange(key, event.target.checked)}
                  />
                }
                label={t(`orderForm.change.${key}`)}
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
    </Box>
  );
}
