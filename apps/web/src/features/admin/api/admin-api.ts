import {
  AdminJobAnswer,
  AdminJobsAnswer,
  AdminUserAnswer,
  AdminUsersAnswer,
  AuditAnswer,
  ConfirmRemovalAnswer,
  RegistrationsAnswer,
  RemovalRequestsAnswer,
  SsoSettingsAnswer,
  type AdminUser,
  type AdminUserUpdate,
  endpoints,
} from '@mediabox/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from '../../../shared/api/client';
import { adminKeys, type AuditRequest, type JobsRequest, type UsersRequest } from './admin-keys';

/** Moved to the API client, which builds every call's query; kept here for the admin feature's imports. */
export { queryString };

/**
 * `GET /api/admin/registrations`: oldest confirmation first. One page of the maximum size: the
 * list is work to do and short in practice; the total still tells when there are more.
 */
export async function fetchRegistrations(signal?: AbortSignal): Promise<RegistrationsAnswer> {
  return RegistrationsAnswer.parse(
    await api(endpoints.adminRegistrations, { query: { limit: 200 }, signal }),
  );
}

export async function approveRegistration(id: number): Promise<AdminUser> {
  const answer = await api(endpoints.adminApproveRegistration, { params: { id } });
  return AdminUserAnswer.parse(answer).user;
}

/** The reason is optional; an empty one is left out so the applicant's mail carries none. */
export async function rejectRegistration(id: number, reason: string): Promise<AdminUser> {
  const trimmed = reason.trim();
  const answer = await api(endpoints.adminRejectRegistration, {
    params: { id },
    body: trimmed ? { reason: trimmed } : {},
  });
  return AdminUserAnswer.parse(answer).user;
}

export async function fetchUsers(query: UsersRequest, signal?: AbortSignal): Promise<AdminUsersAnswer> {
  return AdminUsersAnswer.parse(await api(endpoints.adminUsers, { query: { ...query }, signal }));
}

export async function updateUser(id: number, update: AdminUserUpdate): Promise<AdminUser> {
  const answer = await api(endpoints.adminUpdateUser, { params: { id }, body: update });
  return AdminUserAnswer.parse(answer).user;
}

export async function fetchRemovalRequests(signal?: AbortSignal): Promise<RemovalRequestsAnswer> {
  const answer = await api(endpoints.adminRemovalRequests, { query: { limit: 200 }, signal });
  return RemovalRequestsAnswer.parse(answer);
}

/**
 * Confirming withdraws the asset and answers how many people will be told of it (issue 20.3);
 * dismissing changes nothing on the asset and tells nobody, so it answers 0.
 */
export async function decideRemoval(assetId: number, decision: 'confirm' | 'dismiss'): Promise<number> {
  if (decision === 'dismiss') {
    await api(endpoints.adminDismissRemoval, { params: { assetId } });
    return 0;
  }
  return ConfirmRemovalAnswer.parse(await api(endpoints.adminConfirmRemoval, { params: { assetId } })).told;
}

export async function fetchAudit(query: AuditRequest, signal?: AbortSignal): Promise<AuditAnswer> {
  return AuditAnswer.parse(await api(endpoints.adminAudit, { query: { ...query }, signal }));
}

/** `GET /api/admin/jobs`: failed jobs newest first, or waiting ones in the order they run. */
export async function fetchJobs(query: JobsRequest, signal?: AbortSignal): Promise<AdminJobsAnswer> {
  return AdminJobsAnswer.parse(await api(endpoints.adminJobs, { query: { ...query }, signal }));
}

/**
 * Runs a failed job again from its first attempt, or closes a failed run whose schedule has queued a
 * new one (outcome `dismissed`); the server refuses a job that is not failed (409).
 */
export async function retryJob(id: number): Promise<AdminJobAnswer> {
  return AdminJobAnswer.parse(await api(endpoints.adminRetryJob, { params: { id } }));
}

/** Issue 23: whether sign-in with the company account is configured, and required for staff. */
export async function fetchSsoSettings(signal?: AbortSignal): Promise<SsoSettingsAnswer> {
  return SsoSettingsAnswer.parse(await api(endpoints.adminSsoSettings, { signal }));
}

export async function saveSsoSettings(requiredForStaff: boolean): Promise<SsoSettingsAnswer> {
  return SsoSettingsAnswer.parse(await api(endpoints.adminSaveSsoSettings, { body: { requiredForStaff } }));
}

export function useRegistrations() {
  return useQuery({
    queryKey: adminKeys.registrations(),
    queryFn: ({ signal }) => fetchRegistrations(signal),
  });
}

export function useUsers(query: UsersRequest) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => fetchUsers(query, signal),
    // Paging and typing keep the old rows visible instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useRemovalRequests() {
  return useQuery({
    queryKey: adminKeys.removals(),
    queryFn: ({ signal }) => fetchRemovalRequests(signal),
  });
}

export function useAudit(query: AuditRequest) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => fetchAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useJobs(query: JobsRequest) {
  return useQuery({
    queryKey: adminKeys.jobs(query),
    queryFn: ({ signal }) => fetchJobs(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The number of failed jobs for the tab's badge: a page of one row is enough to learn the total. */
export function useFailedJobCount() {
  const query: JobsRequest = { state: 'failed', offset: 0, limit: 1 };
  return useQuery({
    queryKey: adminKeys.jobs(query),
    queryFn: ({ signal }) => fetchJobs(query, signal),
    select: (answer) => answer.total,
  });
}

/**
 * Every action changes more than its own list (an approval changes the users and the log too, a
 * confirmed removal the log), so all admin queries are refreshed after each.
 */
export function useAdminMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useApproveRegistration = () => useAdminMutation(approveRegistration);

export function useSsoSettings() {
  return useQuery({ queryKey: adminKeys.sso(), queryFn: ({ signal }) => fetchSsoSettings(signal) });
}

/** The audit log shows the change, so every admin list is refreshed (useAdminMutation). */
export const useSaveSsoSettings = () => useAdminMutation(saveSsoSettings);

export const useRejectRegistration = () =>
  useAdminMutation(({ id, reason }: { id: number; reason: string }) => rejectRegistration(id, reason));

export const useUpdateUser = () =>
  useAdminMutation(({ id, update }: { id: number; update: AdminUserUpdate }) => updateUser(id, update));

export const useDecideRemoval = () =>
  useAdminMutation(({ assetId, decision }: { assetId: number; decision: 'confirm' | 'dismiss' }) =>
    decideRemoval(assetId, decision),
  );

/**
 * A retry refused as "not failed" or "not found" means the list is out of date (the job ran again
 * or was cleaned up meanwhile), so the lists are refreshed after a refusal too.
 */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => retryJob(id),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
