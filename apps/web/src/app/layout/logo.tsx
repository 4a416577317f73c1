import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { PRODUCT_NAME } from '@mediabox/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A coffee bean: the company sells coffee, and a bean reads well even at favicon size. */
function BeanMark({ bean, crease }: { bean: string; crease: string }) {
  return (
    <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
      <g transform="rotate(-35 16 16)">
        <ellipse cx="16" cy="16" rx="9.5" ry="13.5" fill={bean} />
        <path
          d="M16 3.2c-4.2 4.3-4.2 8.6 0 12.8s4.2 8.5 0 12.8"
          fill="none"
          stroke={crease}
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </g>
    </svg>
  );
}

/** Logo and product name, linking home. `onDark` for the brown top bar, `onLight` for cream pages. */
export function Logo({ tone = 'onDark' }: { tone?: 'onDark' | 'onLight' }) {
  const { t } = useTranslation();
  const { palette } = useTheme();
  const dark = tone === 'onDark';
  return (
    <Box
      component={RouterLink}
      to="/"
      // The name starts with the visible product name (WCAG 2.5.3) and says where the link goes.
      aria-label={`${PRODUCT_NAME} – ${t('AppBar.home')}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: dark ? 'common.white' : 'primary.dark',
        textDecoration: 'none',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
      }}
    >
      <BeanMark
        bean={dark ? palette.secondary.main : palette.primary.main}
        crease={dark ? palette.primary.main : palette.secondary.main}
      />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5, lineHeight: 1 }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
