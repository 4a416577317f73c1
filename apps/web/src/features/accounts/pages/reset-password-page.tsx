import { ErrorCodes } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AccountCard } from '../components/account-card';
import { LinkChecking, LinkOutcome } from '../components/link-status';
import { ResetPasswordFormPanel } from '../components/reset-password-form';
import { useLinkCheck } from '../hooks/use-link-check';
import { usePageTitle } from '../../../shared/ui/use-page-title';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const link = useLinkCheck('reset_password', uuid);
  usePageTitle('passwordreset.title');

  return (
    <AccountCard title={t('passwordreset.title')}>
      {link === 'checking' && <LinkChecking text={t('passwordreset.checking')} />}
      {link === 'invalid' && <LinkOutcome severity="error" text={t(ErrorCodes.resetLinkInvalid)} />}
      {link === 'failed' && <LinkOutcome severity="error" text={t('passwordreset.errors.generic')} />}
      {link === 'valid' && uuid && <ResetPasswordFormPanel uuid={uuid} />}
    </AccountCard>
  );
}
