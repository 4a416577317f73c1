import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { readLegalSections, type LegalValues } from './legal-sections';

interface LegalSectionListProps {
  /** Translation key of the section array, e.g. `legal.privacy.sections`. */
  sectionsKey: string;
  values: LegalValues;
  /** A fixed language (the cookie policy is English only); otherwise the active one. */
  lng?: string;
}

function Paragraphs({ texts }: { texts: string[] }) {
  return texts.map((text, index) => (
    <Typography key={index} variant="body1" sx={{ mb: 1.5 }}>
      {text}
    </Typography>
  ));
}

/** Renders a legal text from legal.json: one heading per section, its paragraphs and bullet items. */
export function LegalSectionList({ sectionsKey, values, lng }: LegalSectionListProps) {
  const { t } = useTranslation(undefined, lng ? { lng } : undefined);
  const sections = readLegalSections(t, sectionsKey, values);

  return (
    <>
      {sections.map((section, index) => (
        <Box component="section" key={index} sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {section.heading}
          </Typography>
          <Paragraphs texts={section.paragraphs} />
          {section.items && section.items.length > 0 && (
            <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3 }}>
              {section.items.map((item, i) => (
                <Typography key={i} component="li" variant="body1" sx={{ mb: 0.5 }}>
                  {item}
                </Typography>
              ))}
            </Box>
          )}
          {section.closing && <Paragraphs texts={section.closing} />}
        </Box>
      ))}
    </>
  );
}
