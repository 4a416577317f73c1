import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ListSummary } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ListNameDialog } from '../../../shared/lists/list-name-dialog';
import { useCreateList, useLists } from '../../../shared/lists/list-queries';
import { usePageTitle } from '../../../shared/ui/use-page-title';

/** Issue 22.4 `/lists`: my lists, and below them those others share with me. */
export default function ListsPage() {
  const { t } = useTranslation();
  usePageTitle('lists.pageTitle');
  const navigate = useNavigate();
  const lists = useLists();
  const create = useCreateList();
  const [naming, setNaming] = useState(false);

  if (lists.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('lists.loading')} />
      </Stack>
    );
  }
  if (lists.isError) {
    return (
      <Typography role="alert" sx={{ py: 6, textAlign: 'center' }}>
        {t('errors.internal')}
      </Typography>
    );
  }

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
          {t('lists.heading')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNaming(true)}>
          {t('lists.newList')}
        </Button>
      </Stack>
      <ListSection
        id="lists-mine"
        title={t('lists.mine')}
        lists={lists.data.own}
        empty={t('lists.emptyMine')}
        showOwner={false}
      />
      <ListSection
        id="lists-shared"
        title={t('lists.sharedWithMe')}
        lists={lists.data.shared}
        empty={t('lists.emptyShared')}
        showOwner
      />
      <ListNameDialog
        open={naming}
        titleKey="lists.newList"
        submitKey="lists.create"
        pending={create.isPending}
        onClose={() => setNaming(false)}
        onSubmit={(name) =>
          create.mutate(name, {
            onSuccess: (answer) => {
              setNaming(false);
              void navigate(`/lists/${answer.list.id}`);
            },
          })
        }
      />
    </Stack>
  );
}

function ListSection(props: {
  id: string;
  title: string;
  lists: readonly ListSummary[];
  empty: string;
  showOwner: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-labelledby={props.id} spacing={1.5}>
      <Typography id={props.id} variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.lists.length === 0 ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {props.lists.map((list) => (
            <Card key={list.id} component="li" variant="outlined">
              <CardActionArea component={RouterLink} to={`/lists/${list.id}`} sx={{ p: 1.5 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{list.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('lists.itemCount', { count: list.itemCount })}
                  {props.showOwner && ` · ${t('lists.ownerLine', { owner: list.owner })}`}
                </Typography>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
