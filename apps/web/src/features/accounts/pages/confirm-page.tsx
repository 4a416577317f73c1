import { ErrorCodes } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AccountCard } from '../components/account-card';
import { ConfirmEmailPanel } from '../components/confirm-email-panel';
import { LinkChecking, LinkOutcome } from '../components/link-status';
import { useLinkCheck } from '../hooks/use-link-check';
import { usePageTitle } from '../../../shared/ui/use-page-title';

export default function ConfirmPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const link = useLinkCheck('confirm', uuid);
  usePageTitle('confirm.title');

  return (
    <AccountCard title={t('confirm.title')}>
      {link === 'checking' && <LinkChecking text={t('confirm.checking')} />}
      {link === 'invalid' && <LinkOutcome severity="error" text={t(ErrorCodes.confirmLinkInvalid)} />}
      {link === 'alreadyConfirmed' && <LinkOutcome severity="info" text={t(ErrorCodes.confirmAlreadyDone)} />}
      {link === 'failed' && <LinkOutcome severity="error" text={t('confirm.errors.generic')} />}
      {link === 'valid' && uuid && <ConfirmEmailPanel uuid={uuid} />}
    </AccountCard>
  );
}
