import { SEND_MAX_RECIPIENTS, isEmail, splitRecipients, type Language } from '@mediabox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { bundleKeys } from '../../../shared/cart/cart-keys';
import { sendCart, type SendFormValues } from '../api/cart-api';

const EMPTY: SendFormValues = { email: '', subject: '', text: '', copyCheckbox: false };

export type SendField = keyof SendFormValues;

/**
 * The send form of spec 2.6 with the states of spec 4 ("not sent", then "sent"). The cart page owns
 * it, so that both the dialog and the success snackbar can reset it: on opening the dialog and when
 * the snackbar closes.
 */
export function useSendForm(onSent?: () => void) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState<SendFormValues>(EMPTY);
  /** How many recipients the last send went to: each got their own link. */
  const [sentCount, setSentCount] = useState(0);
  const mutation = useMutation({
    mutationFn: (form: SendFormValues) => sendCart(form, i18n.language.slice(0, 2) as Language),
    onSuccess: () => {
      onSent?.();
      return client.invalidateQueries({ queryKey: bundleKeys.messages });
    },
  });
  const { reset: resetMutation, mutate } = mutation;

  // Issue 20.2: one address or several, each of which gets its own link; checked as the server does.
  const addresses = splitRecipients(values.email);
  const unique = new Set(addresses.map((address) => address.toLowerCase()));
  const wrongAddresses = addresses.filter((address) => !isEmail(address));
  const tooMany = unique.size > SEND_MAX_RECIPIENTS;
  const emailValid = addresses.length > 0 && wrongAddresses.length === 0 && !tooMany;
  const email = addresses.join(', ');
  const sent = mutation.isSuccess;

  const set = <K extends SendField>(field: K, value: SendFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const reset = useCallback(() => {
    setValues(EMPTY);
    resetMutation();
  }, [resetMutation]);

  const submit = () => {
    // Spec 5: nothing goes out without valid addresses, twice, or after success.
    if (!emailValid || mutation.isPending || sent) return;
    setSentCount(unique.size);
    mutate({ ...values, email });
  };

  /** Server field errors as translation keys, by field name (`form.email` → `email`). */
  const fieldErrors: Partial<Record<SendField, string>> = {};
  if (mutation.error instanceof ApiError) {
    for (const field of mutation.error.fields) {
      const name = field.path.split('.').pop() as SendField;
      if (name in EMPTY && !fieldErrors[name]) fieldErrors[name] = field.code;
    }
  }

  return {
    values,
    set,
    reset,
    submit,
    sent,
    loading: mutation.isPending,
    sentCount,
    /**
     * Spec 5: an invalid, non-empty address marks the field, with a translation key and its values:
     * the wrong addresses by name when several were typed, or that there are too many.
     */
    emailProblem: tooMany
      ? { key: 'cart.errors.tooManyRecipients', values: { max: SEND_MAX_RECIPIENTS } }
      : wrongAddresses.length === 0
        ? undefined
        : addresses.length === 1
          ? { key: 'errors.invalidEmail', values: {} }
          : { key: 'cart.sendForm.wrongAddresses', values: { addresses: wrongAddresses.join(', ') } },
    canSend: emailValid && !mutation.isPending && !sent,
    fieldErrors,
    /** A failure that belongs to no field (translation key). */
    error:
      mutation.isError && Object.keys(fieldErrors).length === 0
        ? mutation.error instanceof ApiError
          ? mutation.error.code
          : 'cart.errors.sendFailed'
        : undefined,
  };
}

export type SendFormState = ReturnType<typeof useSendForm>;
