/**
 * Whether the signed-in member may do something with ads: the contract's `canManageAds`, the same
 * rule the server applies (SPEC §6's admin-ads flags; the roles admin and admin-ads pass too).
 */
import { canManageAds } from '@contract/ads';
import { useAppSelector } from '../../app/hooks';

export function useCanManageAds(flag: 'r' | 'c' | 'u' | 'd'): boolean {
  return canManageAds(
    useAppSelector((state) => state.session.user),
    flag,
  );
}
