import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { searchBoxColors } from './search-box-colors';

describe('search box colors (WCAG 1.4.3, issue 19)', () => {
  it('keeps placeholder and typed text at 4.5:1 or more on the box, at rest, hovered and focused', () => {
    const colors = searchBoxColors(theme);
    for (const background of [colors.rest, colors.hover, colors.focus]) {
      expect(getContrastRatio(colors.placeholder, background)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(colors.text, background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
