import type { Country } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

const HEIGHT = 14;

interface CountryFlagProps {
  country: Country;
  /** Next to the country's written name the flag adds nothing to read, so screen readers skip it. */
  decorative?: boolean;
}

/**
 * Flags drawn as SVG rather than emoji: Windows and many Linux desktops show flag emoji as two
 * letters or empty boxes. Standing alone, each flag is an image named after the country, so screen
 * readers read "Deutschland" rather than nothing.
 */
export function CountryFlag({ country, decorative = false }: CountryFlagProps) {
  const { t } = useTranslation();
  const label = t(`countries.${country}`);
  const square = country === 'switzerland';
  const naming = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return (
    <svg
      {...naming}
      viewBox={square ? '0 0 32 32' : '0 0 5 3'}
      width={square ? HEIGHT : (HEIGHT * 5) / 3}
      height={HEIGHT}
      style={{ display: 'block', flexShrink: 0, boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.15)' }}
    >
      {!decorative && <title>{label}</title>}
      {country === 'germany' && (
        <>
          <rect width="5" height="1" fill="#000000" />
          <rect y="1" width="5" height="1" fill="#DD0000" />
          <rect y="2" width="5" height="1" fill="#FFCE00" />
        </>
      )}
      {country === 'austria' && (
        <>
          <rect width="5" height="3" fill="#C8102E" />
          <rect y="1" width="5" height="1" fill="#FFFFFF" />
        </>
      )}
      {square && (
        <>
          <rect width="32" height="32" fill="#DA291C" />
          <rect x="13" y="6" width="6" height="20" fill="#FFFFFF" />
          <rect x="6" y="13" width="20" height="6" fill="#FFFFFF" />
        </>
      )}
    </svg>
  );
}
