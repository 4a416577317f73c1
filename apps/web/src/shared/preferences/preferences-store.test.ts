import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getPreference, setPreference, usePreference } from './preferences-store';

describe('preferences', () => {
  it('has the defaults of spec 3', () => {
    expect(getPreference('view')).toBe('grid');
    expect(getPreference('country')).toBe('germany');
    expect(getPreference('rowsPerPage')).toBe(10);
  });

  it('stores each preference under its own key', () => {
    setPreference('view', 'list');
    setPreference('country', 'austria');
    setPreference('rowsPerPage', 25);
    expect(localStorage.getItem('view')).toBe('list');
    expect(localStorage.getItem('country')).toBe('austria');
    expect(localStorage.getItem('rowsPerPage')).toBe('25');
    expect(getPreference('rowsPerPage')).toBe(25);
  });

  it('ignores unknown stored values', () => {
    localStorage.setItem('view', 'mosaic');
    localStorage.setItem('country', 'france');
    localStorage.setItem('rowsPerPage', '7');
    expect(getPreference('view')).toBe('grid');
    expect(getPreference('country')).toBe('germany');
    expect(getPreference('rowsPerPage')).toBe(10);
  });

  it('re-renders users of the hook on a change', () => {
    const { result } = renderHook(() => usePreference('view'));
    expect(result.current[0]).toBe('grid');
    act(() => result.current[1]('list'));
    expect(result.current[0]).toBe('list');
  });
});
