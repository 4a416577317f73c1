import type { StoredUser } from '@mediabox/contract';
import { useSyncExternalStore } from 'react';
import { isStoredUser } from './stored-user-shape';

/**
 * The signed-in user is kept in local storage (spec 3 "stored locally after login"); route guards
 * read it (spec 6). The server still checks every call.
 */
const KEY = 'user';
const listeners = new Set<() => void>();
let cached: StoredUser | null | undefined;

function read(): StoredUser | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cached = isStoredUser(parsed) ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

export function getStoredUser(): StoredUser | null {
  return read();
}

export function setStoredUser(user: StoredUser | null): void {
  cached = user;
  if (user) localStorage.setItem(KEY, JSON.stringify(user));
  else localStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

/** Merges changed profile fields into the stored user (after a profile save). */
export function updateStoredUser(changes: Partial<StoredUser>): void {
  const current = read();
  if (current) setStoredUser({ ...current, ...changes });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) {
      cached = undefined;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
