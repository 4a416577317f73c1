import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import { SEARCH_DEBOUNCE_MS } from '@mediabox/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryFromSearchParam, searchPath } from '../../shared/routing/paths';
import { searchBoxColors } from './search-box-colors';

/**
 * Spec 2.2 search box: Enter or the icon submits, and typing searches after a 750 ms pause; both only
 * with non-empty text. Navigates to /search/{query with plus signs, lower case}.
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

  // Follow the URL when it changes from outside (back button, a link), but not when it only echoes
  // what was typed: the user may have typed on while the navigation was under way.
  useEffect(() => {
    if (routeQuery === undefined) return;
    const fromRoute = queryFromSearchParam(routeQuery);
    if (searchPath(fromRoute) !== lastSubmitted.current) setText(fromRoute);
  }, [routeQuery]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = (value: string, replace: boolean) => {
    window.clearTimeout(timer.current);
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
    timer.current = window.setTimeout(() => submit(value, replace), SEARCH_DEBOUNCE_MS);
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
        placeholder={t('AppBar.search.placeholder')}
        inputProps={{ 'aria-label': t('AppBar.search.label') }}
        sx={{
          flex: 1,
          color: 'inherit',
          '& input::-webkit-search-cancel-button': { filter: 'invert(1)' },
        }}
      />
      <IconButton type="submit" color="inherit" aria-label={t('AppBar.search.submit')}>
        <SearchIcon />
      </IconButton>
    </Paper>
  );
}
