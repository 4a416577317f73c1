import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** Spec 2.3 list view, search only: the score relative to the best hit of the answer, as a bar. */
export function RelevanceBar({ score, maxScore }: { score: number | undefined; maxScore: number }) {
  const { t } = useTranslation();
  const percent = score !== undefined && maxScore > 0 ? Math.round((score / maxScore) * 100) : 0;
  return (
    <LinearProgress
      variant="determinate"
      value={Math.max(0, Math.min(100, percent))}
      aria-label={t('catalogue.relevance', { percent })}
      sx={{ height: 8, borderRadius: 4, width: '100%' }}
    />
  );
}
