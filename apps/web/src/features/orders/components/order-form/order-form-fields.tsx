import { gtinProblem, ORDER_LOOKUP_MIN_CHARS, type OrderKind } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleLookupBy } from '../../api/article-lookup';
import { useArticleLookup, type LookupStatus } from '../../hooks/use-article-lookup';
import type { OrderFormState } from '../../hooks/use-order-form';
import { COUNTRY_FLAGS, lookupMode, textAt, type OrderTextPath } from '../../lib/order-form-values';
import { OrderKindField } from './order-kind-field';
import { PackshotFields } from './packshot-fields';

interface OrderFormFieldsProps {
  form: OrderFormState;
  /** While saving, nothing can be changed. */
  disabled?: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const LOOKUP_TEXTS: Record<LookupStatus, string> = {
  searching: 'orderForm.lookup.searching',
  notFound: 'orderForm.lookup.notFound',
  failed: 'orderForm.lookup.failed',
};

/** The fields of an order (spec 2.10, 5), shared by the create wizard's first step and the edit form. */
export function OrderFormFields({ form, disabled = false }: OrderFormFieldsProps) {
  const { t } = useTranslation();
  const { values } = form;
  const locked = form.locked || disabled;
  const lookup = useArticleLookup(form.fillFromArticle);
  const lookingUp = lookupMode(values.new) && !locked;

  const issueValues = (path: OrderTextPath) => {
    const problem = gtinProblem(textAt(values, path));
    return problem?.reason === 'checkDigit' ? { expected: problem.expected } : undefined;
  };

  const text = (path: OrderTextPath, hint?: string): Partial<TextFieldProps> => {
    const issue = form.issueOf(path);
    return {
      name: path,
      value: textAt(values, path),
      onChange: (event) => form.setText(path, event.target.value),
      onBlur: () => form.touch(path),
      disabled: locked,
      error: issue !== undefined,
      // A wrong GTIN check digit is named with the right one ("Prüfziffer falsch: erwartet 5").
      helperText: issue !== undefined ? t([issue, 'orderForm.errors.field'], issueValues(path)) : hint,
      fullWidth: true,
    };
  };

  const numberField = (by: ArticleLookupBy, maxLength: number): Partial<TextFieldProps> => {
    const props = text(by);
    const status = lookup.status?.by === by ? lookup.status.status : undefined;
    const hint = lookingUp ? t('orderForm.lookup.hint', { count: ORDER_LOOKUP_MIN_CHARS + 1 }) : undefined;
    return {
      ...props,
      onChange: (event) => {
        form.setText(by, event.target.value);
        if (lookingUp) lookup.request(by, event.target.value);
      },
      helperText: props.error ? props.helperText : status ? t(LOOKUP_TEXTS[status]) : hint,
      slotProps: {
        htmlInput: { maxLength, ...(by === 'gtin' ? { inputMode: 'numeric' } : {}) },
        input: {
          endAdornment:
            status === 'searching' ? (
              <InputAdornment position="end">
                <CircularProgress size={18} aria-label={t('orderForm.lookup.searching')} />
              </InputAdornment>
            ) : undefined,
        },
      },
    };
  };

  const onKind = (kind: OrderKind) => {
    // An answer for the previous mode must not fill the form of the new one.
    lookup.cancel();
    form.setKind(kind);
  };

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <OrderKindField
        kind={values.new}
        change={values.change}
        onKind={onKind}
        onChange={form.setChange}
        disabled={disabled}
      />
      {form.locked && <Alert severity="info">{t('orderForm.change.locked')}</Alert>}

      <Section title={t('orderForm.article.heading')}>
        <TextField label={t('orderForm.article.name')} required {...text('name')} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={t('orderForm.article.articleId')} {...numberField('articleId', 50)} />
          <TextField label={t('orderForm.article.gtin')} {...numberField('gtin', 14)} />
        </Box>
        <FormControl component="fieldset" disabled={locked}>
          <FormLabel component="legend">{t('orderForm.countries.label')}</FormLabel>
          <FormGroup row>
            {COUNTRY_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox
                    name={flag}
                    checked={values[flag]}
                    onChange={(event) => form.setCountry(flag, event.target.checked)}
                  />
                }
                label={t(`orderForm.countries.${flag}`)}
              />
            ))}
          </FormGroup>
        </FormControl>
      </Section>

      <Section title={t('orderForm.packshot.heading')}>
        <PackshotFields form={form} text={text} locked={locked} />
      </Section>

      <Section title={t('orderForm.dates.heading')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            type="date"
            label={t('orderForm.dates.internalDate')}
            slotProps={{ inputLabel: { shrink: true } }}
            {...text('internalDate')}
          />
          <TextField
            type="date"
            label={t('orderForm.dates.externalDate')}
            slotProps={{ inputLabel: { shrink: true } }}
            {...text('externalDate')}
          />
        </Box>
        <TextField
          label={t('orderForm.vertretung')}
          autoComplete="off"
          {...text('vertretung', t('orderForm.vertretungHint'))}
        />
        <TextField label={t('orderForm.description')} multiline minRows={4} {...text('description')} />
      </Section>
    </Box>
  );
}
