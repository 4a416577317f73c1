import type { Message, RecipientLink } from '@mediabox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { bundleKeys } from '../../../shared/cart/cart-keys';
import { formatDateTime } from '../../../shared/text/format';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { runLinkAction, type LinkAction } from '../api/link-api';

const SUCCESS_KEYS: Record<LinkAction, string> = {
  revoke: 'messages.links.snack.revoked',
  extend: 'messages.links.snack.extended',
  resend: 'messages.links.snack.resent',
};

/** Puts the link as the server answered it into the cached messages, so the row changes at once. */
const withLink = (messages: Message[] | undefined, link: RecipientLink) =>
  messages?.map((message) => ({
    ...message,
    recipients: message.recipients.map((old) => (old.name === link.name ? link : old)),
  }));

/**
 * Revoke, extend or resend one recipient's link (issue 20.2), then reload the messages (the link's
 * state, validity and last sending change) and say what happened. A refusal with a known code (the
 * link was revoked meanwhile, is gone, too many sends) says that; the list is reloaded either way,
 * since a refusal usually means it is out of date.
 */
export function useLinkAction() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: ({ action, link }: { action: LinkAction; link: RecipientLink }) =>
      runLinkAction(action, link.name),
    onSuccess: (link, { action }) => {
      client.setQueryData<Message[]>(bundleKeys.messages, (messages) => withLink(messages, link));
      snackbar.show(SUCCESS_KEYS[action], 'success', {
        email: link.recipient,
        date: formatDateTime(link.validUntil, i18n.language),
      });
    },
    onError: (error) => {
      const known = error instanceof ApiError && i18n.exists(error.code);
      snackbar.show(known ? error.code : 'messages.links.actionFailed', 'error');
    },
    onSettled: () => client.invalidateQueries({ queryKey: bundleKeys.messages }),
  });
}
