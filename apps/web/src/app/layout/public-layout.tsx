import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { DeferredFooter } from './deferred-footer';
import { Logo } from './logo';
import { mainFocusProps, SkipLink } from './skip-link';

/** Guest pages (login, signup, legal, contact, download): logo, centered content, footer; no drawer. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box component="header" sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 3, md: 5 }, pb: 2 }}>
        <Logo tone="onLight" />
      </Box>
      <Container component="main" maxWidth="md" {...mainFocusProps} sx={{ flex: 1, py: 2, outline: 'none' }}>
        {children}
      </Container>
      <DeferredFooter />
    </Box>
  );
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
