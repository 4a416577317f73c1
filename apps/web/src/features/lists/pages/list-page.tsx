import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorKeyOf } from '../../../shared/lists/list-queries';
import { ListNameDialog } from '../../../shared/lists/list-name-dialog';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import {
  useDeleteList,
  useList,
  useListToCart,
  useRemoveFromList,
  useRenameList,
  useShareList,
  useUnshareList,
} from '../api/list-api';
import { DeleteListDialog } from '../components/delete-list-dialog';
import { ListItemCards } from '../components/list-item-cards';
import { ShareListDialog } from '../components/share-list-dialog';

type Dialog = 'rename' | 'delete' | 'share' | null;

/**
 * Issue 22.4 `/lists/{id}`: the items of a list; its owner renames, deletes, shares and removes
 * items, a reader only looks and puts the list into their own cart.
 */
export default function ListPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const list = useList(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const rename = useRenameList(id);
  const remove = useRemoveFromList(id);
  const share = useShareList(id);
  const unshare = useUnshareList(id);
  const toCart = useListToCart(id);
  const deletion = useDeleteList(id, () => void navigate('/lists'));
  usePageTitle('lists.pageTitle');

  const back = (
    <Link component={RouterLink} to="/lists" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <ArrowBackIcon fontSize="small" />
      {t('lists.back')}
    </Link>
  );
  if (list.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('lists.loading')} />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Stack spacing={2} sx={{ py: 4 }}>
        {back}
        <Typography role="alert">{t(errorKeyOf(list.error))}</Typography>
      </Stack>
    );
  }

  const { list: summary, mine, items, shares } = list.data;
  const visible = items.filter((item) => !item.withdrawn).length;
  return (
    <Stack spacing={3}>
      {back}
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 600, color: 'primary.dark', overflowWrap: 'anywhere' }}
      >
        {summary.name}
      </Typography>
      <Typography color="text.secondary">{t('lists.itemCount', { count: summary.itemCount })}</Typography>
      {!mine && <Alert severity="info">{t('lists.readOnly', { owner: summary.owner })}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<ShoppingCartOutlinedIcon />}
          disabled={visible === 0 || toCart.isPending}
          onClick={() => toCart.mutate()}
        >
          {t('lists.toCart')}
        </Button>
        {mine && (
          <>
            <Button variant="outlined" startIcon={<ShareOutlinedIcon />} onClick={() => setDialog('share')}>
              {t('lists.share')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DriveFileRenameOutlineIcon />}
              onClick={() => setDialog('rename')}
            >
              {t('lists.rename')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => setDialog('delete')}
            >
              {t('lists.delete')}
            </Button>
          </>
        )}
      </Stack>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('lists.empty')}</Typography>
      ) : (
        <ListItemCards
          items={items}
          {...(mine ? { onRemove: (assetId: number) => remove.mutate(assetId) } : {})}
        />
      )}
      {mine && (
        <>
          <ListNameDialog
            open={dialog === 'rename'}
            titleKey="lists.renameTitle"
            submitKey="lists.save"
            initialName={summary.name}
            pending={rename.isPending}
            onClose={() => setDialog(null)}
            onSubmit={(name) => rename.mutate(name, { onSuccess: () => setDialog(null) })}
          />
          <DeleteListDialog
            open={dialog === 'delete'}
            name={summary.name}
            pending={deletion.isPending}
            onNo={() => setDialog(null)}
            onYes={() => deletion.mutate()}
          />
          <ShareListDialog
            open={dialog === 'share'}
            shares={shares}
            pending={share.isPending}
            onShare={(email) => share.mutateAsync(email)}
            onUnshare={(userId) => unshare.mutate(userId)}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </Stack>
  );
}
