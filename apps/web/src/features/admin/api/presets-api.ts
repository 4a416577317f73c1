import {
  PresetAnswer,
  PresetsAnswer,
  type CreatePresetRequest,
  type Preset,
  type UpdatePresetRequest,
  endpoints,
} from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useAdminMutation } from './admin-api';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/presets`: every conversion preset, retired ones too, oldest first (issue 21.1). */
export async function fetchAdminPresets(signal?: AbortSignal): Promise<Preset[]> {
  return PresetsAnswer.parse(await api(endpoints.adminPresets, { signal })).presets;
}

/** A new preset, version 1. */
export async function createPreset(request: CreatePresetRequest): Promise<Preset> {
  return PresetAnswer.parse(await api(endpoints.adminCreatePreset, { body: request })).preset;
}

/** New names change in place; settings that differ from the current version make a new version. */
export async function updatePreset(id: number, change: UpdatePresetRequest): Promise<Preset> {
  return PresetAnswer.parse(await api(endpoints.adminUpdatePreset, { params: { id }, body: change })).preset;
}

/** Retired presets are offered to nobody; files already delivered stay as they are. */
export async function retirePreset(id: number): Promise<Preset> {
  return PresetAnswer.parse(await api(endpoints.adminRetirePreset, { params: { id } })).preset;
}

export async function restorePreset(id: number): Promise<Preset> {
  return PresetAnswer.parse(await api(endpoints.adminRestorePreset, { params: { id } })).preset;
}

export function useAdminPresets() {
  return useQuery({ queryKey: adminKeys.presets(), queryFn: ({ signal }) => fetchAdminPresets(signal) });
}

export const useCreatePreset = () => useAdminMutation(createPreset);

export const useUpdatePreset = () =>
  useAdminMutation(({ id, change }: { id: number; change: UpdatePresetRequest }) => updatePreset(id, change));

/** Retiring and restoring are one switch of the same row, so one mutation serves both. */
export const useSetPresetRetired = () =>
  useAdminMutation(({ id, retired }: { id: number; retired: boolean }) =>
    retired ? retirePreset(id) : restorePreset(id),
  );
