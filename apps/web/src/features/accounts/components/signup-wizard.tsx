import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DONE_STEP, useSignupWizard } from '../hooks/use-signup-wizard';
import { SignupStepAccount } from './signup-step-account';
import { SignupStepCompany } from './signup-step-company';
import { SIGNUP_MISSING_HINT_ID, SignupMissingHint } from './signup-missing-hint';
import { SignupStepDone } from './signup-step-done';
import { SignupStepTerms } from './signup-step-terms';

/** Each step is named for what it asks; staff have no contact person to name, only the terms. */
const stepLabels = (internal: boolean) => [
  'signup.steps.account',
  'signup.steps.company',
  internal ? 'signup.steps.termsOnly' : 'signup.steps.terms',
  'signup.steps.done',
];

/** The four-step signup (spec 2.9): next is enabled only when the current step is valid. */
export function SignupWizard() {
  const { t } = useTranslation();
  const wizard = useSignupWizard();
  const { step, form } = wizard;
  const lastInputStep = DONE_STEP - 1;

  // Enter moves on like the visible button does; the browser's own validation stays off.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!wizard.stepValid || wizard.busy) return;
    if (step === lastInputStep) wizard.submit();
    else wizard.next();
  };

  return (
    <Box>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
        {stepLabels(wizard.internal).map((label) => (
          <Step key={label}>
            <StepLabel>{t(label)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === DONE_STEP ? (
        <SignupStepDone />
      ) : (
        <Box component="form" onSubmit={onSubmit} noValidate>
          {step === 0 && <SignupStepAccount bind={form.bind} onEmailBlur={wizard.onEmailBlur} />}
          {step === 1 && <SignupStepCompany bind={form.bind} />}
          {step === 2 && (
            <SignupStepTerms
              bind={form.bind}
              internal={wizard.internal}
              tou={wizard.tou}
              onTouChange={wizard.setTou}
              touError={wizard.touError}
            />
          )}
          {wizard.submitError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {wizard.submitError}
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4 }}>
            <Button onClick={wizard.back} disabled={step === 0 || wizard.busy}>
              {t('signup.back')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!wizard.stepValid || wizard.busy}
              aria-describedby={wizard.stepValid ? undefined : SIGNUP_MISSING_HINT_ID}
            >
              {step === lastInputStep ? t('signup.submit') : t('signup.next')}
            </Button>
          </Box>
          <SignupMissingHint missing={wizard.missing} />
        </Box>
      )}
    </Box>
  );
}
