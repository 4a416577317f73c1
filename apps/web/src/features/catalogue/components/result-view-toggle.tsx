import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useResultView, type ResultView } from '../hooks/use-result-view';

/** Issue 22.7: "Produkte | Dateien" above the search results. */
export function ResultViewToggle() {
  const { t } = useTranslation();
  const [view, setView] = useResultView();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      aria-label={t('products.view.label')}
      onChange={(_event, next: ResultView | null) => next && setView(next)}
    >
      <ToggleButton value="products">{t('products.view.products')}</ToggleButton>
      <ToggleButton value="files">{t('products.view.files')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
