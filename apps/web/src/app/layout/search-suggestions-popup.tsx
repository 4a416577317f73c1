import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SuggestAnswer } from '@mediabox/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestionOptionId, type SuggestionOption } from './search-suggestion-options';
import { useSearchSuggestions } from './use-search-suggestions';

export function suggestionOptions(answer: SuggestAnswer | null): SuggestionOption[] {
  if (!answer) return [];
  return [
    ...answer.assets.map((asset) => ({ kind: 'asset' as const, ...asset })),
    ...answer.categories.map((category) => ({ kind: 'category' as const, ...category })),
  ];
}

interface Props {
  id: string;
  /** The (debounced) text to suggest for. */
  text: string;
  /** Whether the box shows the popup (aria-expanded): open, and told options to show. */
  expanded: boolean;
  active: number;
  /** Told the options whenever they change, for the search box's arrow keys and Enter. */
  onOptions: (options: SuggestionOption[]) => void;
  onChoose: (option: SuggestionOption) => void;
}

/**
 * The listbox of the search box's combobox (issue 22.3): up to 5 assets (thumbnail, name, GTIN)
 * and 3 categories (with their path). Focus stays in the input, which points at the highlighted
 * option by aria-activedescendant; a mouse press chooses without taking the focus first. It asks
 * for the suggestions itself and tells the box its options. Loaded apart from the first page (the
 * search box's deferredComponent), fetching included: no first render shows it.
 */
export default function SearchSuggestionsPopup({ id, text, expanded, active, onOptions, onChoose }: Props) {
  const { t } = useTranslation();
  const answer = useSearchSuggestions(text);
  const options = useMemo(() => suggestionOptions(answer), [answer]);
  useEffect(() => onOptions(options), [options, onOptions]);
  if (!expanded) return null;
  const groups = [
    { kind: 'asset', label: t('searchSuggest.assets') },
    { kind: 'category', label: t('searchSuggest.categories') },
  ] as const;
  return (
    <Paper
      elevation={8}
      sx={{
        position: 'absolute',
        top: '100%',
        left: 0,
        right: 0,
        mt: 0.5,
        zIndex: 'modal',
        overflow: 'hidden',
      }}
    >
      <Box
        component="ul"
        role="listbox"
        id={id}
        aria-label={t('searchSuggest.label')}
        sx={{ listStyle: 'none', m: 0, p: 0, py: 0.5 }}
      >
        {groups.map((group) => {
          const members = options.flatMap((option, index) =>
            option.kind === group.kind ? [{ option, index }] : [],
          );
          if (members.length === 0) return null;
          return (
            <Box component="li" role="presentation" key={group.kind}>
              <Typography
                variant="overline"
                color="text.secondary"
                id={`${id}-${group.kind}`}
                sx={{ px: 2, display: 'block', lineHeight: 2 }}
              >
                {group.label}
              </Typography>
              <Box
                component="ul"
                role="group"
                aria-labelledby={`${id}-${group.kind}`}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {members.map(({ option, index }) => (
                  <Box
                    component="li"
                    role="option"
                    key={`${option.kind}-${option.id}`}
                    id={suggestionOptionId(id, index)}
                    aria-selected={index === active}
                    onMouseDown={(event) => {
                      // Keep the focus in the input until the choice navigates.
                      event.preventDefault();
                      onChoose(option);
                    }}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      px: 2,
                      py: 0.75,
                      cursor: 'pointer',
                      bgcolor: index === active ? 'action.selected' : undefined,
                      '&:hover': { bgcolor: 'action.hover' },
                    }}
                  >
                    {option.kind === 'asset' ? (
                      <AssetOption option={option} />
                    ) : (
                      <CategoryOption option={option} />
                    )}
                  </Box>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}

function AssetOption({ option }: { option: Extract<SuggestionOption, { kind: 'asset' }> }) {
  const { t } = useTranslation();
  return (
    <>
      <Box
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          bgcolor: 'grey.100',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {option.thumbUrl && (
          <img src={option.thumbUrl} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {option.name}
        </Typography>
        {option.gtin && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {t('searchSuggest.gtin', { gtin: option.gtin })}
          </Typography>
        )}
      </Box>
    </>
  );
}

function CategoryOption({ option }: { option: Extract<SuggestionOption, { kind: 'category' }> }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" noWrap>
        {option.name}
      </Typography>
      {option.path.length > 0 && (
        <Typography variant="caption" color="text.secondary" noWrap>
          {option.path.join(' › ')}
        </Typography>
      )}
    </Box>
  );
}
