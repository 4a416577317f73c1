import {
  ErrorCodes,
  isInternalEmail,
  SignupStep1,
  SignupStep2,
  signupStep3,
  type Language,
  type SignupRequest,
} from '@mediabox/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useSettings } from '../../../shared/api/settings';
import { signup } from '../api/accounts-api';
import { apiFieldCodes } from '../lib/error-text';
import { fieldIssues, type FieldIssues } from '../lib/field-issues';
import { useEmailCheck } from './use-email-check';
import { useFormFields } from './use-form-fields';

const EMPTY = {
  email: '',
  password: '',
  passwordRepeat: '',
  company: '',
  lastname: '',
  firstname: '',
  phone: '',
  contactPerson: '',
};
export type SignupField = keyof typeof EMPTY;

/** Which step shows which field: a server answer about a field sends the user back to its step. */
const STEP_FIELDS: readonly (readonly (SignupField | 'tou')[])[] = [
  ['email', 'password', 'passwordRepeat'],
  ['company', 'lastname', 'firstname', 'phone'],
  ['contactPerson', 'tou'],
];
export const DONE_STEP = 3;
/** A field a step still needs; a taken address needs another one, which is said differently. */
export type SignupMissingItem = SignupField | 'tou' | 'emailFree';
const NO_DOMAINS: readonly string[] = [];

/** State and rules of the four-step signup wizard (spec 2.9, 5). */
export function useSignupWizard() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const checkEmail = useEmailCheck();
  const [step, setStep] = useState(0);
  const [tou, setTou] = useState(false);
  const [touTouched, setTouTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const domains = settings.data?.internalEmailDomains ?? NO_DOMAINS;

  const validate = useCallback(
    (values: typeof EMPTY): FieldIssues<SignupField> => ({
      ...fieldIssues<SignupField>(SignupStep1, values),
      ...fieldIssues<SignupField>(SignupStep2, values),
      // tou is checked separately below; the contact person rule depends on the address.
      ...fieldIssues<SignupField>(signupStep3(isInternalEmail(values.email, domains)), {
        ...values,
        tou: true,
      }),
    }),
    [domains],
  );
  const form = useFormFields(EMPTY, { validate, translate: (code) => t(code) });
  const isInternal = isInternalEmail(form.values.email, domains);
  // The address may change while the server is asked about it; only the current one is judged.
  const currentEmail = useRef(form.values.email);
  currentEmail.current = form.values.email;
  const touIssue = tou ? undefined : ErrorCodes.accept;

  /** What a step still needs (see SignupMissingHint); empty when the step is valid. */
  const missingOf = (index: number): SignupMissingItem[] =>
    (STEP_FIELDS[index] ?? [])
      .filter((field) => (field === 'tou' ? touIssue : (form.issues[field] ?? form.serverIssues[field])))
      .map((field) =>
        field === 'email' && form.serverIssues.email === ErrorCodes.mailExists ? 'emailFree' : field,
      );
  const stepValid = (index: number) => missingOf(index).length === 0;

  /** Marks the address as taken; true when it is. */
  const rejectTakenEmail = async (): Promise<boolean> => {
    const asked = form.values.email;
    const available = await checkEmail(asked);
    if (available === false && currentEmail.current === asked) {
      form.setServerIssues({ email: ErrorCodes.mailExists });
      form.touch('email');
      return true;
    }
    return false;
  };

  const onEmailBlur = () => {
    form.touch('email');
    if (!form.issues.email) void rejectTakenEmail();
  };

  const next = async () => {
    if (!stepValid(step)) return;
    if (step === 0) {
      setChecking(true);
      const taken = await rejectTakenEmail().finally(() => setChecking(false));
      if (taken) return;
    }
    setStep((current) => Math.min(current + 1, DONE_STEP - 1));
  };

  const back = () => {
    setSubmitError(null);
    setStep((current) => Math.max(current - 1, 0));
  };

  const request = useMutation({
    mutationFn: signup,
    onSuccess: () => setStep(DONE_STEP),
    onError: (error) => showSubmitError(error),
  });

  /**
   * Spec 8 says a signup failure is silently ignored. We deliberately do better: a taken address
   * (409) goes back to step 1 with mailExists, fields the server rejects go back to their step,
   * 429 says to wait, and anything else shows a generic error, because a silent failure leaves a
   * person waiting for a confirmation mail that never comes.
   */
  const showSubmitError = (error: Error) => {
    if (error instanceof ApiError && error.status === 409) {
      form.setServerIssues({ email: ErrorCodes.mailExists });
      form.touch('email');
      setStep(0);
      return;
    }
    if (error instanceof ApiError && error.status === 429) {
      setSubmitError(t([ErrorCodes.rateLimited, 'signup.errors.rateLimited']));
      return;
    }
    const fields = apiFieldCodes(error) as FieldIssues<SignupField>;
    const firstStep = STEP_FIELDS.findIndex((names) => names.some((name) => name in fields));
    if (firstStep >= 0) {
      form.setServerIssues(fields);
      setStep(firstStep);
    }
    setSubmitError(t('signup.errors.generic'));
  };

  const submit = () => {
    if (![0, 1, 2].every(stepValid) || request.isPending) return;
    setSubmitError(null);
    const { values } = form;
    const body: SignupRequest = {
      ...values,
      email: values.email.trim(),
      // Spec 5: for internal addresses the contact person is the company itself.
      contactPerson: isInternal ? values.company : values.contactPerson,
      tou: true,
      lang: i18n.language as Language,
      jde: isInternal,
    };
    request.mutate(body);
  };

  return {
    step,
    form,
    internal: isInternal,
    tou,
    setTou: (checked: boolean) => {
      setTou(checked);
      setTouTouched(true);
    },
    touError: touTouched ? touIssue : undefined,
    onEmailBlur,
    stepValid: stepValid(step),
    missing: missingOf(step),
    busy: checking || request.isPending,
    submitError,
    next: () => void next(),
    back,
    submit,
  };
}
