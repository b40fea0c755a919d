/**
 * Icons of the four known animal groups (SPEC §2, §3 "icons for four known group ids"). Birds and
 * mammals use Material icons; reptiles (a turtle) and amphibians (a frog) are drawn here, Material
 * has none. Decorative: the group's name is always written beside its icon.
 */
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import FlutterDashIcon from '@mui/icons-material/FlutterDash';
import PetsIcon from '@mui/icons-material/Pets';

function TurtleIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3 15a8 8 0 0 1 16 0Zm18-3a1.6 1.6 0 1 1 0 3.2 1.6 1.6 0 0 1 0-3.2ZM5 16h2.6v3H5Zm9.4 0H17v3h-2.6Z" />
    </SvgIcon>
  );
}

function FrogIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path
        fillRule="evenodd"
        d="M7 4.5a2.5 2.5 0 0 0-2.4 3.2A7 7 0 0 0 3 12c0 4.1 4 7 9 7s9-2.9 9-7a7 7 0 0 0-1.6-4.3A2.5 2.5 0 0 0 15 6.3a9 9 0 0 0-6 0 2.5 2.5 0 0 0-2-1.8Zm0 1.8a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm10 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2ZM8 13.5h8a4 2 0 0 1-8 0Z"
      />
    </SvgIcon>
  );
}

const ICONS: Record<string, (props: SvgIconProps) => React.JSX.Element> = {
  birds: (props) => <FlutterDashIcon {...props} />,
  mammals: (props) => <PetsIcon {...props} />,
  reptiles: TurtleIcon,
  amphibians: FrogIcon,
};

/** The icon of a known group id, or nothing for a group the app does not know yet. */
export function GroupIcon({ groupId, ...props }: { groupId: string } & SvgIconProps) {
  const Icon = ICONS[groupId];
  return Icon ? <Icon aria-hidden fontSize="small" {...props} /> : null;
}
