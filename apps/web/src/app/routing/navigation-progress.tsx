import LinearProgress from '@mui/material/LinearProgress';

/** The thin bar at the top while a lazy page loads. */
export default function NavigationProgress() {
  return (
    <LinearProgress
      color="secondary"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 2 }}
    />
  );
}
