import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useDefaultRecipients } from '../api/order-defaults';
import { useSaveOrder } from '../api/order-save';
import { OrderCreatedPanel } from '../components/order-form/order-created-panel';
import { OrderFileDrop } from '../components/order-form/order-file-drop';
import { OrderFormFields } from '../components/order-form/order-form-fields';
import { OrderSummary } from '../components/order-form/order-summary';
import { UploadProgress } from '../components/order-form/upload-progress';
import { useOrderForm } from '../hooks/use-order-form';
import { emptyOrderValues, saveValues } from '../lib/order-form-values';
import { fieldIssuesOf, saveErrorKeys } from '../lib/save-errors';

const STEPS = ['basics', 'files', 'summary'] as const;
const LAST_STEP = STEPS.length - 1;

/** /order/add (spec 2.10): Basisdaten, Dateien, Zusammenfassung; the last step creates the order. */
export default function OrderCreatePage() {
  const { t } = useTranslation();
  usePageTitle('orderForm.create.title');
  const form = useOrderForm(emptyOrderValues());
  const [files, setFiles] = useState<File[]>([]);
  const [step, setStep] = useState(0);
  const save = useSaveOrder();
  const defaultRecipients = useDefaultRecipients();
  const { suggestRecipients, setServerIssues } = form;

  useEffect(() => {
    if (defaultRecipients) suggestRecipients(defaultRecipients);
  }, [defaultRecipients, suggestRecipients]);

  // Spec 5: on step 1 next waits for a name (and for the other fields' rules).
  const stepValid = step !== 0 || form.valid;
  const busy = save.isPending;

  const submit = () => {
    if (busy || !form.valid) return;
    save.mutate(
      { save: saveValues(form.values), files },
      {
        onError: (error) => {
          const issues = fieldIssuesOf(error);
          if (Object.keys(issues).length === 0) return;
          // Every field lives on the first step: that is where the user can fix it.
          setServerIssues(issues);
          setStep(0);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stepValid || busy) return;
    if (step === LAST_STEP) submit();
    else setStep(step + 1);
  };

  return (
    <Paper variant="outlined" sx={{ maxWidth: 960, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('orderForm.create.title')}
      </Typography>
      {save.data ? (
        <OrderCreatedPanel order={save.data} />
      ) : (
        <>
          <Stepper activeStep={step} alternativeLabel sx={{ my: 3 }}>
            {STEPS.map((key) => (
              <Step key={key}>
                <StepLabel>{t(`orderForm.create.steps.${key}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 3 }}>
            {step === 0 && <OrderFormFields form={form} disabled={busy} />}
            {step === 1 && <OrderFileDrop files={files} onChange={setFiles} disabled={busy} />}
            {step === 2 && <OrderSummary values={form.values} files={files} />}
            {save.progress !== null && <UploadProgress percent={save.progress} />}
            {save.isError && (
              <Alert severity="error">{t(saveErrorKeys(save.error, 'orderForm.create.failed'))}</Alert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Button onClick={() => setStep(step - 1)} disabled={step === 0 || busy}>
                {t('orderForm.create.back')}
              </Button>
              <Button type="submit" variant="contained" disabled={!stepValid || busy}>
                {step === LAST_STEP ? t('orderForm.create.submit') : t('orderForm.create.next')}
              </Button>
            </Box>
          </Box>
        </>
      )}
    </Paper>
  );
}
