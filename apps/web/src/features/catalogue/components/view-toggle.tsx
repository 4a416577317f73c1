import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { usePreference, type View } from '../../../shared/preferences';

/** Spec 2.3 / 4: grid or list, remembered as the `view` preference. */
export function ViewToggle() {
  const { t } = useTranslation();
  const [view, setView] = usePreference('view');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      aria-label={t('catalogue.view.label')}
      onChange={(_event, next: View | null) => next && setView(next)}
    >
      <ToggleButton value="grid" aria-label={t('catalogue.view.grid')}>
        <GridViewIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="list" aria-label={t('catalogue.view.list')}>
        <ViewListIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
