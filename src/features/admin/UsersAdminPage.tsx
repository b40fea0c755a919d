/**
 * `/admin-users` (SPEC §2; role admin or admin-users:r, SPEC §6): the members, searchable by email,
 * nickname or name (debounced, SPEC §9), filtered by role, permission and state, paged with the total
 * (GET admin/users). A member's nickname opens their detail below (`?user_id=`, so it can be
 * linked; SPEC names no user details route). Online only.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_ROLES } from '@contract/admin';
import { adminTexts as texts } from './texts';
import { PERMISSION_AREAS } from '@contract/permissions';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { PERMISSION_FLAGS } from '@contract/permissions';
import { PICKER_SEARCH_DEBOUNCE_MS } from '../../ui/SelectPickerModel';
import { USERS_PAGE_SIZE, useListUsersQuery, type UsersQuery } from './adminApi';
import { dateOf } from './CmsPagesAdminPage';
import { AdminFrame, FilterSelect, LoadState, Pager, reasonOf } from './parts';
import { UserAdminDetail } from './UserAdminDetail';

/** Each area (any of its flags), then each of its flags on its own, as GET admin/users takes them. */
const PERMISSION_OPTIONS = PERMISSION_AREAS.flatMap((area) => [
  { value: area, label: area },
  ...PERMISSION_FLAGS.map((flag) => ({
    value: `${area}:${flag}`,
    label: formatMessage(texts.permissionFlag, { area, flag: texts.flagNames[flag] ?? flag }),
  })),
]);

function UsersTable({ onOpen }: { onOpen: (id: string) => void }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<UsersQuery>({
    search: '',
    role: '',
    permission: '',
    disabled: '',
    skip: 0,
  });
  useEffect(() => {
    if (typed === query.search) return;
    const timer = setTimeout(() => {
      setQuery((current) => ({ ...current, search: typed, skip: 0 }));
    }, PICKER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, query.search]);
  const answer = useListUsersQuery(query);
  const users = answer.data?.users;
  const total = answer.data?.total ?? 0;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={texts.searchUsers}
          type="search"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
          }}
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <FilterSelect
          label={texts.filterRole}
          value={query.role}
          options={ADMIN_ROLES.map((role) => ({ value: role, label: role }))}
          onChange={(role) => {
            setQuery({ ...query, role, skip: 0 });
          }}
        />
        <FilterSelect
          label={texts.filterPermission}
          value={query.permission}
          options={PERMISSION_OPTIONS}
          onChange={(permission) => {
            setQuery({ ...query, permission, skip: 0 });
          }}
        />
        <FilterSelect
          label={texts.filterState}
          value={query.disabled}
          options={[
            { value: 'false', label: texts.stateEnabled },
            { value: 'true', label: texts.stateDisabled },
          ]}
          onChange={(disabled) => {
            setQuery({ ...query, disabled: disabled as UsersQuery['disabled'], skip: 0 });
          }}
        />
      </Stack>
      {answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : users === undefined ? (
        <LoadState error={null} />
      ) : users.length === 0 ? (
        <Typography>{texts.noUsers}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={labels.users}>
            <TableHead>
              <TableRow>
                <TableCell>{texts.columnMember}</TableCell>
                <TableCell>{texts.columnEmail}</TableCell>
                <TableCell>{texts.columnRoles}</TableCell>
                <TableCell>{texts.columnState}</TableCell>
                <TableCell>{texts.columnJoined}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((user) => (
                <TableRow key={user.user_id}>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => {
                        onOpen(user.user_id);
                      }}
                      sx={{ textTransform: 'none' }}
                    >
                      {user.nickname}
                    </Button>
                  </TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>{user.roles.join(', ')}</TableCell>
                  <TableCell>{user.disabled ? texts.stateDisabled : texts.stateEnabled}</TableCell>
                  <TableCell>{dateOf(user.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {users !== undefined && (
        <Pager
          skip={query.skip}
          shown={users.length}
          total={total}
          pageSize={USERS_PAGE_SIZE}
          busy={answer.isFetching}
          onSkip={(skip) => {
            setQuery({ ...query, skip });
          }}
        />
      )}
    </Stack>
  );
}

export function UsersAdminPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('user_id');
  return (
    <AdminFrame title={labels.users}>
      {open && (
        <UserAdminDetail
          key={open}
          id={open}
          onClose={() => {
            setParams({});
          }}
        />
      )}
      <UsersTable
        onOpen={(id) => {
          setParams({ user_id: id });
        }}
      />
    </AdminFrame>
  );
}
