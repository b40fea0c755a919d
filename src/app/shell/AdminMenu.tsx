/** The Administration group of the side menu; its own chunk, loaded only for those who see it. */
import Divider from '@mui/material/Divider';
import type { Principal } from '@contract/permissions';
import { MenuGroupList } from './MenuGroupList';
import { ADMIN_MENU, visibleItems } from './menus';

export function AdminMenu({ user }: { user: Principal | null }) {
  return (
    <>
      <Divider />
      <MenuGroupList label={ADMIN_MENU.label} items={visibleItems(ADMIN_MENU, user)} />
    </>
  );
}
