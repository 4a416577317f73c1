import { describe, expect, it } from 'vitest';
import { globalConfig } from 'zod/v4/core';
import { configureZod } from './zod-settings';

describe('configureZod', () => {
  it('tells zod not to try eval, also when zod is loaded already', () => {
    configureZod();
    expect(globalConfig.jitless).toBe(true);
  });
});
