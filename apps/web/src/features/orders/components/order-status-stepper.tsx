import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { OrderStatus } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { activeStepOf, ORDER_STEPS } from '../lib/order-steps';

/**
 * Where the order stands on its way (spec 4), with the status names of the list. A rejected order
 * shows the review step as an error, named "Abgelehnt", until it is given for review again.
 */
export function OrderStatusStepper({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const active = activeStepOf(status);
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      component="ol"
      aria-label={t('orders.steps.label')}
      sx={{
        p: 0,
        m: 0,
        '& > li': { listStyle: 'none' },
        '& .MuiStepLabel-label': { wordBreak: 'break-word' },
      }}
    >
      {ORDER_STEPS.map((step, index) => {
        const rejected = status === 'rejected' && index === active;
        const current = index === active;
        return (
          <Step
            key={step}
            component="li"
            completed={index < active}
            aria-current={current ? 'step' : undefined}
          >
            <StepLabel
              error={rejected}
              optional={
                rejected ? (
                  <Typography variant="caption" color="error" component="span" sx={{ display: 'block' }}>
                    {t('orders.steps.rejectedHint')}
                  </Typography>
                ) : undefined
              }
            >
              {t(`orders.status.${rejected ? 'rejected' : step}`)}
            </StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
}
