import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayName, initials } from '../../shared/auth/user-display';
import { useStoredUser } from '../../shared/auth/user-store';

/** Avatar with initials and "firstname lastname" cut at 23 characters (spec 2.2). */
export function DrawerUser() {
  const user = useStoredUser();
  if (!user) return null;
  const full = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 2 }}>
      <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 600 }} aria-hidden>
        {initials(user)}
      </Avatar>
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" title={full} sx={{ lineHeight: 1.3 }}>
          {displayName(user)}
        </Typography>
        {user.company && (
          <Typography variant="caption" color="text.secondary" noWrap title={user.company}>
            {user.company}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
