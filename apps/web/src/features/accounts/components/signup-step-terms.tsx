import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BoundField } from '../hooks/use-form-fields';
import type { SignupField } from '../hooks/use-signup-wizard';

interface Props {
  bind: (name: SignupField, hint?: string) => BoundField;
  /** Internal (company-domain) addresses need no contact person. */
  internal: boolean;
  tou: boolean;
  onTouChange: (checked: boolean) => void;
  touError?: string;
}

/** Step 3: contact person and acceptance of the terms of use. */
export function SignupStepTerms({ bind, internal, tou, onTouChange, touError }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {internal ? (
        <Alert severity="info">{t('signup.step3.internalHint')}</Alert>
      ) : (
        <TextField
          label={t('signup.step3.contactPerson')}
          required
          autoFocus
          {...bind('contactPerson', t('signup.step3.contactPersonHint'))}
        />
      )}
      <FormControl error={touError !== undefined}>
        <FormControlLabel
          control={<Checkbox checked={tou} onChange={(event) => onTouChange(event.target.checked)} />}
          label={
            <>
              {t('signup.step3.tou')} {/* A new tab keeps the half-filled wizard alive. */}
              <Link component={RouterLink} to="/termsofservice" target="_blank" rel="noopener">
                {t('signup.step3.touLink')}
              </Link>
            </>
          }
        />
        {touError && <FormHelperText>{t(touError)}</FormHelperText>}
      </FormControl>
    </Box>
  );
}
