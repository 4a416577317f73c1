import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import { SEARCH_DEBOUNCE_MS } from '@mediabox/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { assetPath, queryFromSearchParam, searchPath } from '../../shared/routing/paths';
import { searchBoxColors } from './search-box-colors';
import { deferredComponent } from '../../shared/ui/deferred-component';
import { suggestionOptionId, type SuggestionOption } from './search-suggestion-options';

/** The suggestions' listbox: fetched when the browser is idle after start, or at the first suggestions. */
const useSuggestionsPopup = deferredComponent(() => import('./search-suggestions-popup'));

/**
 * Spec 2.2 search box: Enter or the icon submits, and typing searches after a 750 ms pause; both only
 * with non-empty text. Navigates to /search/{query with plus signs, lower case}. After the same
 * pause a combobox popup offers assets and categories (issue 22.3): arrow keys highlight, Enter
 * opens the highlighted one (without one it searches as before), Escape closes.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Layouts see the params of the matched child route, so this is the query of /search/:query.
  const params = useParams();
  const routeQuery = pathname.startsWith('/search/') ? params.query : undefined;
  const [text, setText] = useState(() => (routeQuery ? queryFromSearchParam(routeQuery) : ''));
  const timer = useRef<number | undefined>(undefined);
  const lastSubmitted = useRef<string | null>(null);
  const listboxId = useId();
  const [suggestFor, setSuggestFor] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [options, setOptions] = useState<SuggestionOption[]>([]);
  const SearchSuggestionsPopup = useSuggestionsPopup(suggestFor.trim() !== '');
  const expanded = open && options.length > 0;

  // Follow the URL when it changes from outside (back button, a link), but not when it only echoes
  // what was typed: the user may have typed on while the navigation was under way.
  useEffect(() => {
    if (routeQuery === undefined) return;
    const fromRoute = queryFromSearchParam(routeQuery);
    if (searchPath(fromRoute) !== lastSubmitted.current) setText(fromRoute);
  }, [routeQuery]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: SuggestionOption) => {
    window.clearTimeout(timer.current);
    close();
    void navigate(option.kind === 'asset' ? assetPath(option.id) : `/${option.id}`);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From "nothing highlighted" down goes to the first, up to the last.
      setActive((current) =>
        !expanded || current < 0
          ? step > 0
            ? 0
            : options.length - 1
          : (current + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault();
      choose(options[active]);
    }
  };

  const submit = (value: string, replace: boolean) => {
    window.clearTimeout(timer.current);
    close();
    if (!value.trim()) return;
    const path = searchPath(value);
    lastSubmitted.current = path;
    if (path !== pathname) void navigate(path, { replace });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(text, false);
  };

  const onChange = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    // As-you-type results replace each other in the history instead of adding one entry per pause.
    const replace = pathname.startsWith('/search/');
    setActive(-1);
    timer.current = window.setTimeout(() => {
      submit(value, replace);
      setSuggestFor(value);
      setOpen(true);
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <Paper
      component="form"
      role="search"
      elevation={0}
      onSubmit={onSubmit}
      sx={(theme) => {
        const colors = searchBoxColors(theme);
        return {
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          width: '100%',
          pl: 2,
          borderRadius: 5,
          color: colors.text,
          bgcolor: colors.rest,
          transition: theme.transitions.create('background-color'),
          '&:hover': { bgcolor: colors.hover },
          '&:focus-within': { bgcolor: colors.focus },
          '& input::placeholder': { color: colors.placeholder, opacity: 1 },
        };
      }}
    >
      <InputBase
        type="search"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
        onFocus={() => setOpen(true)}
        placeholder={t('AppBar.search.placeholder')}
        inputProps={{
          'aria-label': t('AppBar.search.label'),
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': expanded,
          'aria-controls': expanded ? listboxId : undefined,
          'aria-activedescendant':
            expanded && active >= 0 ? suggestionOptionId(listboxId, active) : undefined,
        }}
        sx={{
          flex: 1,
          color: 'inherit',
          '& input::-webkit-search-cancel-button': { filter: 'invert(1)' },
        }}
      />
      <IconButton type="submit" color="inherit" aria-label={t('AppBar.search.submit')}>
        <SearchIcon />
      </IconButton>
      {SearchSuggestionsPopup && (
        <SearchSuggestionsPopup
          id={listboxId}
          text={suggestFor}
          expanded={expanded}
          active={active}
          onOptions={setOptions}
          onChoose={choose}
        />
      )}
    </Paper>
  );
}
