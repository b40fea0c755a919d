/**
 * One member on `/admin-users` (opened with `?user_id=`; SPEC §2 has no user details route): their
 * roles and permissions (editable with admin-users:u), disabling or enabling the account (asked
 * first), their recent activity and the audit trail of what admins changed (GET/PUT admin/users/{id}),
 * and deleting the account (admin-users:d, asked first: DELETE users/{id}, audited by the server).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminUser, AdminUserDetailResponse, AdminUserUpdate } from '@contract/admin';
import { ADMIN_ROLES, USERS_DELETE, USERS_UPDATE } from '@contract/admin';
import { adminTexts as texts } from './texts';
import { PERMISSION_AREAS } from '@contract/permissions';
import { formatMessage } from '@contract/messages';
import { PERMISSION_FLAGS, type PermissionFlag, type Permissions, type Role } from '@contract/permissions';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import { useDeleteAdminUserMutation, useGetAdminUserQuery, usePutAdminUserMutation } from './adminApi';
import { ConfirmDialog, LoadState, reasonOf, useCan, when } from './parts';

const isRole = (role: string): role is Role => (ADMIN_ROLES as readonly string[]).includes(role);

/** Only what changed, so the audit trail records only that (an empty save sends both, harmlessly). */
function changesOf(user: AdminUser, roles: string[], permissions: Permissions): AdminUserUpdate {
  const sameRoles = roles.length === user.roles.length && roles.every((role) => user.roles.includes(role));
  const samePermissions = JSON.stringify(permissions) === JSON.stringify(user.permissions);
  if (sameRoles === samePermissions) return { roles: roles.filter(isRole), permissions };
  return sameRoles ? { permissions } : { roles: roles.filter(isRole) };
}

function toggled(permissions: Permissions, area: string, flag: PermissionFlag, on: boolean): Permissions {
  const flags = new Set(permissions[area] ?? []);
  if (on) flags.add(flag);
  else flags.delete(flag);
  if (flags.size > 0) return { ...permissions, [area]: PERMISSION_FLAGS.filter((known) => flags.has(known)) };
  const { [area]: _dropped, ...rest } = permissions;
  return rest;
}

function AccessForm({ user }: { user: AdminUser }) {
  const dispatch = useAppDispatch();
  const canEdit = useCan(USERS_UPDATE);
  const [roles, setRoles] = useState(user.roles);
  const [permissions, setPermissions] = useState<Permissions>(user.permissions);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [put, { isLoading }] = usePutAdminUserMutation();
  const areas = [...new Set([...PERMISSION_AREAS, ...Object.keys(user.permissions)])];

  async function save(input: Parameters<typeof put>[0]['input'], done: string) {
    const answer = await put({ id: user.user_id, input });
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    setProblem(null);
    dispatch(uiActions.toastShown({ message: done, severity: 'success' }));
  }

  return (
    <Stack spacing={2}>
      <FormGroup aria-labelledby="admin-user-roles">
        <FormLabel id="admin-user-roles">{texts.rolesTitle}</FormLabel>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {ADMIN_ROLES.map((role) => (
            <FormControlLabel
              key={role}
              label={role}
              control={
                <Checkbox
                  checked={roles.includes(role)}
                  disabled={!canEdit}
                  onChange={(event) => {
                    setRoles(event.target.checked ? [...roles, role] : roles.filter((held) => held !== role));
                  }}
                />
              }
            />
          ))}
        </Stack>
      </FormGroup>
      <FormGroup aria-labelledby="admin-user-permissions">
        <FormLabel id="admin-user-permissions">{texts.permissionsTitle}</FormLabel>
        {areas.map((area) => (
          <Stack key={area} direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography sx={{ minWidth: 140 }}>{area}</Typography>
            {PERMISSION_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                label={texts.flagNames[flag]}
                control={
                  <Checkbox
                    checked={permissions[area]?.includes(flag) ?? false}
                    disabled={!canEdit}
                    slotProps={{
                      input: {
                        'aria-label': formatMessage(texts.permissionFlag, {
                          area,
                          flag: texts.flagNames[flag] ?? flag,
                        }),
                      },
                    }}
                    onChange={(event) => {
                      setPermissions(toggled(permissions, area, flag, event.target.checked));
                    }}
                  />
                }
              />
            ))}
          </Stack>
        ))}
      </FormGroup>
      {problem && <Alert severity="error">{problem}</Alert>}
      {canEdit && (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            loading={isLoading}
            onClick={() => void save(changesOf(user, roles, permissions), texts.accessSaved)}
          >
            {texts.saveAccess}
          </Button>
          <Button
            color={user.disabled ? 'primary' : 'error'}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {user.disabled ? texts.enableMember : texts.disableMember}
          </Button>
        </Stack>
      )}
      {confirming && (
        <ConfirmDialog
          title={formatMessage(user.disabled ? texts.enableTitle : texts.disableTitle, {
            name: user.nickname,
          })}
          body={user.disabled ? texts.enableBody : texts.disableBody}
          confirmLabel={texts.confirm}
          onConfirm={async () => {
            await save({ disabled: !user.disabled }, user.disabled ? texts.enabledDone : texts.disabledDone);
            setConfirming(false);
          }}
          onClose={() => {
            setConfirming(false);
          }}
        />
      )}
    </Stack>
  );
}

/** Deleting another member's account (admin-users:d), after asking; never one's own from here. */
function DeleteMember({ user, onDeleted }: { user: AdminUser; onDeleted: () => void }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const canDelete = useCan(USERS_DELETE);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [remove] = useDeleteAdminUserMutation();
  if (!canDelete || me?.user_id === user.user_id) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button
        color="error"
        variant="outlined"
        onClick={() => {
          setConfirming(true);
        }}
      >
        {texts.deleteMember}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={formatMessage(texts.deleteMemberTitle, { name: user.nickname })}
          body={texts.deleteMemberBody}
          confirmLabel={texts.deleteMember}
          onConfirm={async () => {
            const answer = await remove(user.user_id);
            setConfirming(false);
            if (answer.error) {
              setProblem(reasonOf(answer.error));
              return;
            }
            dispatch(uiActions.toastShown({ message: texts.deletedDone, severity: 'success' }));
            onDeleted();
          }}
          onClose={() => {
            setConfirming(false);
          }}
        />
      )}
    </Stack>
  );
}

function Activity({ detail }: { detail: AdminUserDetailResponse }) {
  const { activity, audit } = detail;
  const lines = [
    formatMessage(texts.activitySightings, { count: activity.observations }),
    ...(activity.last_observation_at === null
      ? []
      : [formatMessage(texts.activityLast, { date: when(activity.last_observation_at) })]),
    formatMessage(texts.activityComments, { count: activity.comments }),
    formatMessage(texts.activityReportsMade, { count: activity.reports_made }),
    formatMessage(texts.activityReportsAbout, { count: activity.reports_about }),
  ];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Stack sx={{ flex: 1 }}>
        <Typography variant="h6" component="h3">
          {texts.activityTitle}
        </Typography>
        <List dense>
          {lines.map((line) => (
            <ListItem key={line}>
              <ListItemText primary={line} />
            </ListItem>
          ))}
        </List>
      </Stack>
      <Stack sx={{ flex: 1 }}>
        <Typography variant="h6" component="h3">
          {texts.auditTitle}
        </Typography>
        {audit.length === 0 ? (
          <Typography>{texts.auditEmpty}</Typography>
        ) : (
          <List dense aria-label={texts.auditTitle}>
            {audit.map((entry, index) => (
              <ListItem key={`${entry.created_at}-${index}`}>
                <ListItemText
                  primary={formatMessage(texts.auditEntry, {
                    action: entry.action,
                    actor: entry.actor_nickname ?? texts.auditSystem,
                    date: when(entry.created_at),
                  })}
                  secondary={JSON.stringify(entry.detail)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}

export function UserAdminDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const answer = useGetAdminUserQuery(id, { refetchOnMountOrArgChange: true });
  const user = answer.data?.user;
  const title = formatMessage(texts.memberOf, { name: user ? `${user.nickname} (${user.email})` : id });
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h5" component="h2">
            {title}
          </Typography>
          <Button onClick={onClose}>{texts.closeMember}</Button>
        </Stack>
        {answer.data && user ? (
          <>
            {user.disabled && <Alert severity="warning">{texts.stateDisabled}</Alert>}
            <AccessForm key={`${user.user_id}-${user.disabled}`} user={user} />
            <Activity detail={answer.data} />
            <DeleteMember user={user} onDeleted={onClose} />
          </>
        ) : (
          <LoadState error={answer.error} />
        )}
      </Stack>
    </Paper>
  );
}
