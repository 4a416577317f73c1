import {
  CheckEmailAnswer,
  ErrorCodes,
  CheckEmailRequest,
  ContactRequest,
  DeleteAccountRequest,
  ForgotPasswordAnswer,
  ForgotPasswordRequest,
  GetUserAnswer,
  LinkCheckAnswer,
  LoginAnswer,
  LoginRequest,
  ResetPasswordForm,
  SaveProfileAnswer,
  SaveProfileRequest,
  SignupRequest,
  SuccessAnswer,
  linkToken,
} from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth.js';
import type { AccountsService } from './accounts.service.js';

const ConfirmParams = z.object({ uuid: linkToken(ErrorCodes.confirmLinkInvalid) });
const ResetParams = z.object({ uuid: linkToken(ErrorCodes.resetLinkInvalid) });
const tags = ['user'];

/** Spec 7.1, under /api. Thin: access rule -> contract schema -> service -> answer. */
export const accountsRoutes =
  (accounts: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/login',
      { config: { access: 'public' }, schema: { tags, body: LoginRequest, response: { 200: LoginAnswer } } },
      async (request) => accounts.login(request.body.username, request.body.password, request.ip),
    );

    app.post(
      '/api/user/logout',
      { config: { access: 'user' }, schema: { tags, response: { 200: SuccessAnswer } } },
      async (request) => {
        await accounts.logout(requireAuth(request));
        return { success: true };
      },
    );

    app.get(
      '/api/user/',
      { config: { access: 'user' }, schema: { tags, response: { 200: GetUserAnswer } } },
      async (request) => ({ data: { user: await accounts.profile(requireAuth(request)) } }),
    );

    app.post(
      '/api/user/',
      {
        config: { access: 'user' },
        schema: { tags, body: SaveProfileRequest, response: { 200: SaveProfileAnswer } },
      },
      async (request) => ({
        success: true as const,
        user: await accounts.saveProfile(requireAuth(request), request.body.user),
      }),
    );

    app.delete(
      '/api/user/',
      {
        config: { access: 'user' },
        schema: { tags, body: DeleteAccountRequest, response: { 200: SuccessAnswer } },
      },
      async (request) => {
        await accounts.deleteAccount(requireAuth(request), request.body.password);
        return { success: true };
      },
    );

    app.put(
      '/api/user/',
      {
        config: { access: 'public' },
        schema: { tags, body: SignupRequest, response: { 200: SuccessAnswer } },
      },
      async (request) => {
        await accounts.signup(request.body, request.ip);
        return { success: true };
      },
    );

    app.post(
      '/api/user/check/',
      {
        config: { access: 'public' },
        schema: { tags, body: CheckEmailRequest, response: { 200: CheckEmailAnswer } },
      },
      async (request) => ({ available: await accounts.isEmailAvailable(request.body.email, request.ip) }),
    );

    app.post(
      '/api/user/forgot_password/',
      {
        config: { access: 'public' },
        schema: { tags, body: ForgotPasswordRequest, response: { 200: ForgotPasswordAnswer } },
      },
      async (request) => {
        await accounts.requestPasswordReset(request.body.username, request.body.lang, request.ip);
        return { success: true, message: 'forgotPassword.success' };
      },
    );

    app.get(
      '/api/user/confirm/:uuid',
      {
        config: { access: 'public' },
        schema: { tags, params: ConfirmParams, response: { 200: LinkCheckAnswer } },
      },
      async (request) => ({
        success: true,
        lang: await accounts.checkConfirmLink(request.params.uuid, request.ip),
      }),
    );

    app.post(
      '/api/user/confirm/:uuid',
      {
        config: { access: 'public' },
        schema: { tags, params: ConfirmParams, response: { 200: SuccessAnswer } },
      },
      async (request) => {
        await accounts.confirmEmail(request.params.uuid, request.ip);
        return { success: true };
      },
    );

    app.get(
      '/api/user/reset_password/:uuid',
      {
        config: { access: 'public' },
        schema: { tags, params: ResetParams, response: { 200: LinkCheckAnswer } },
      },
      async (request) => ({
        success: true,
        lang: await accounts.checkResetLink(request.params.uuid, request.ip),
      }),
    );

    app.post(
      '/api/user/reset_password/:uuid',
      {
        config: { access: 'public' },
        schema: { tags, params: ResetParams, body: ResetPasswordForm, response: { 200: SuccessAnswer } },
      },
      async (request) => {
        await accounts.resetPassword(request.params.uuid, request.body.password, request.ip);
        return { success: true };
      },
    );

    app.post(
      '/api/user/contact',
      {
        config: { access: 'public' },
        schema: { tags, body: ContactRequest, response: { 200: SuccessAnswer } },
      },
      async (request) => {
        await accounts.contact(request.body, request.auth, request.ip);
        return { success: true };
      },
    );
  };
