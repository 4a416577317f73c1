import {
  CheckEmailAnswer,
  ForgotPasswordAnswer,
  GetUserAnswer,
  LinkCheckAnswer,
  LoginAnswer,
  SaveProfileAnswer,
  SuccessAnswer,
  type ContactRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type ProfileForm,
  type SignupRequest,
  endpoints,
} from '@mediabox/contract';
import { api } from '../../../shared/api/client';

/**
 * The account calls of spec 7.1. Answers are parsed with the contract schemas so a server that
 * drifts from the contract fails loudly here instead of leaving half-filled objects in the UI.
 * Guest calls pass skipAuthHandling: a 401 there is an answer to show, not an expired session.
 */

/** Spec 7.1: the login answer "may be wrapped in data". */
function unwrapData(answer: unknown): unknown {
  if (answer && typeof answer === 'object' && 'data' in answer) return (answer as { data: unknown }).data;
  return answer;
}

export async function login(request: LoginRequest) {
  const answer = await api(endpoints.login, {
    body: request,
    skipAuthHandling: true,
  });
  return LoginAnswer.parse(unwrapData(answer));
}

/** Issue 23: the landing page's one-time code of a sign-in with the company account, for the session. */
export async function exchangeSsoCode(code: string) {
  const answer = await api(endpoints.oidcExchange, { body: { code }, skipAuthHandling: true });
  return LoginAnswer.parse(unwrapData(answer));
}

export async function requestPasswordReset(request: ForgotPasswordRequest) {
  const answer = await api(endpoints.forgotPassword, {
    body: request,
    skipAuthHandling: true,
  });
  return ForgotPasswordAnswer.parse(answer);
}

export async function checkEmailAvailable(email: string): Promise<boolean> {
  const answer = await api(endpoints.checkEmail, {
    body: { email },
    skipAuthHandling: true,
  });
  return CheckEmailAnswer.parse(answer).available;
}

export async function signup(request: SignupRequest) {
  const answer = await api(endpoints.signup, {
    body: request,
    skipAuthHandling: true,
  });
  return SuccessAnswer.parse(answer);
}

export type LinkKind = 'confirm' | 'reset_password';

export async function checkLink(kind: LinkKind, uuid: string) {
  const answer = await api(kind === 'confirm' ? endpoints.checkConfirmLink : endpoints.checkResetLink, {
    params: { uuid },
    skipAuthHandling: true,
  });
  return LinkCheckAnswer.parse(answer);
}

export async function confirmEmail(uuid: string) {
  const answer = await api(endpoints.confirmEmail, {
    params: { uuid },
    skipAuthHandling: true,
  });
  return SuccessAnswer.parse(answer);
}

export async function resetPassword(uuid: string, password: string, passwordRepeat: string) {
  const answer = await api(endpoints.resetPassword, {
    params: { uuid },
    body: { password, passwordRepeat },
    skipAuthHandling: true,
  });
  return SuccessAnswer.parse(answer);
}

export async function sendContactMessage(request: ContactRequest) {
  const answer = await api(endpoints.contact, {
    body: request,
    skipAuthHandling: true,
  });
  return SuccessAnswer.parse(answer);
}

export async function fetchProfile() {
  return GetUserAnswer.parse(await api(endpoints.profile)).data.user;
}

export async function saveProfile(user: ProfileForm) {
  return SaveProfileAnswer.parse(await api(endpoints.saveProfile, { body: { user } }));
}

/**
 * Spec 7.1: status 200 means the account is gone, whatever the body says. skipAuthHandling: a
 * wrong password must show "invalid password" in the dialog, whatever status the server picks
 * for it, and must not sign the user out on the spot.
 */
export async function deleteAccount(password: string): Promise<void> {
  await api(endpoints.deleteAccount, { body: { password }, skipAuthHandling: true });
}
