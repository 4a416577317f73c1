import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  subtitle?: string;
  /** Wider cards for the wizard, the contact and the profile forms. */
  width?: number;
  /** Shown to the right of the title (language switcher, close button). */
  action?: ReactNode;
  children: ReactNode;
}

/** The frame of every account screen: one card centred on the cream background. */
export function AccountCard({ title, subtitle, width = 440, action, children }: Props) {
  return (
    // The public layout provides <main>, the cream background and the footer.
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 3 } }}>
      <Card elevation={2} sx={{ width: '100%', maxWidth: width, borderTop: 4, borderColor: 'primary.main' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3 }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="h5" component="h1" color="primary.dark" fontWeight={500}>
                {title}
              </Typography>
              {subtitle && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {subtitle}
                </Typography>
              )}
            </Box>
            {action}
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
