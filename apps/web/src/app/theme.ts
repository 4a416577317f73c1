import { createTheme } from '@mui/material/styles';
import { DRAWER_WIDTH } from '@mediabox/contract';

/** Spec 9: primary brown, secondary cream. */
export const theme = createTheme({
  palette: {
    primary: { main: '#6d4c41', light: '#9c786c', dark: '#40241a', contrastText: '#ffffff' },
    secondary: { main: '#f3e5d0', light: '#fffff8', dark: '#c0b39f', contrastText: '#3e2723' },
    background: { default: '#faf6f0' },
  },
  shape: { borderRadius: 6 },
  typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
  mixins: { toolbar: { minHeight: 64 } },
  components: {
    // "Rows per page", the range and the arrows do not fit one 390 px line: let them wrap.
    MuiTablePagination: { styleOverrides: { toolbar: { flexWrap: 'wrap', paddingLeft: 0 } } },
  },
});

export const drawerWidth = DRAWER_WIDTH;
