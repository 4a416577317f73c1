import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteSentinel } from '../hooks/use-infinite-sentinel';

interface InfiniteFooterProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  loadedCount: number;
  loadingMoreText: string;
  /** Shown when everything is loaded; omitted where the end needs no words. */
  noMoreText?: string;
}

/** The sentinel that loads the next page near the end (spec 2.4), with the "loading more" / "no more" line. */
export function InfiniteFooter(props: InfiniteFooterProps) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, loadedCount } = props;
  const sentinel = useInfiniteSentinel<HTMLDivElement>({
    canLoad: hasNextPage && !isFetchingNextPage,
    onLoad: () => void fetchNextPage(),
    loadedCount,
  });
  return (
    <>
      <div ref={sentinel} data-testid="infinite-sentinel" aria-hidden style={{ height: 1 }} />
      <Stack
        role="status"
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'center', alignItems: 'center', py: 3, color: 'text.secondary' }}
      >
        {isFetchingNextPage && <CircularProgress size={18} aria-hidden />}
        <Typography variant="body2">
          {isFetchingNextPage ? props.loadingMoreText : !hasNextPage ? props.noMoreText : null}
        </Typography>
      </Stack>
    </>
  );
}
