import Box from '@mui/material/Box';

/** The count next to a tab label, highlighted on the selected tab (the orders tabs' look). */
export function CountBadge({ count, selected }: { count: number; selected: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        minWidth: 22,
        px: 0.75,
        borderRadius: 11,
        fontSize: '0.75rem',
        lineHeight: '22px',
        bgcolor: selected ? 'primary.main' : 'action.selected',
        color: selected ? 'primary.contrastText' : 'text.primary',
      }}
    >
      {count}
    </Box>
  );
}
