/**
 * The animal groups of the config dialog (SPEC §2): a checkbox per group with its icon, category
 * radio choices under a ticked group that has them, and a caption for a group offered as the world
 * list or not offered at the location yet, and a note under a group whose list there is derived
 * from IOC range descriptions rather than a checklist (`derived`, issue 21). An inactive group's
 * checkbox still answers a tap, with the spec's "released soon" message instead of a tick (SPEC §5),
 * so it is not `disabled`.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import type { ClassificationGroup } from '@contract/reference';
import { speciesTexts } from '../species/embeds';
import { chosenIn, isGroupTicked } from './configDraft';
import { GroupIcon } from './groupIcons';

export interface AnimalGroupListProps {
  groups: readonly ClassificationGroup[];
  species: readonly string[];
  onToggle: (group: ClassificationGroup) => void;
  onCategory: (group: ClassificationGroup, classification: string) => void;
}

export function AnimalGroupList({ groups, species, onToggle, onCategory }: AnimalGroupListProps) {
  const headingId = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" id={headingId} sx={{ p: 0 }}>
        {messages.configGroups}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {messages.configGroupsHint}
      </Typography>
      {groups.map((group) => (
        <GroupRow
          key={group.id}
          group={group}
          species={species}
          onToggle={onToggle}
          onCategory={onCategory}
        />
      ))}
    </Box>
  );
}

/** The short caption beside a group's name: not offered here yet, or only the world list. */
function caption(group: ClassificationGroup): string | null {
  if (!group.active) return messages.configComingSoon;
  return group.coverage === 'world' ? messages.configWorldList : null;
}

function GroupRow({
  group,
  species,
  onToggle,
  onCategory,
}: { group: ClassificationGroup } & Omit<AnimalGroupListProps, 'groups'>) {
  const captionId = useId();
  const derivedId = useId();
  const derived = group.active && group.derived;
  const describedBy = [caption(group) ? captionId : null, derived ? derivedId : null]
    .filter(Boolean)
    .join(' ');
  const isTicked = isGroupTicked(species, group);
  const shown = caption(group);
  const chosen = chosenIn(species, group);
  return (
    <Box sx={{ py: 0.5 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={isTicked}
            onChange={() => {
              onToggle(group);
            }}
            slotProps={{ input: { 'aria-describedby': describedBy || undefined } }}
          />
        }
        label={
          <Box
            component="span"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              color: group.active ? undefined : 'text.secondary',
            }}
          >
            <GroupIcon groupId={group.id} />
            {group.name}
            {shown && (
              <Typography id={captionId} component="span" variant="caption" color="text.secondary">
                ({shown})
              </Typography>
            )}
          </Box>
        }
      />
      {derived && (
        <Typography id={derivedId} variant="caption" color="text.secondary" component="p" sx={{ pl: 4 }}>
          {speciesTexts.speciesDerivedList}
        </Typography>
      )}
      {isTicked && group.categories.length > 0 && (
        <RadioGroup
          row
          aria-label={formatMessage(messages.configCategory, { group: group.name })}
          value={chosen ?? ''}
          onChange={(event) => {
            onCategory(group, event.target.value);
          }}
          sx={{ pl: 4 }}
        >
          {group.categories.map((category) => (
            <FormControlLabel
              key={category.id}
              value={category.classification}
              disabled={!category.active}
              control={<Radio size="small" />}
              label={category.name}
            />
          ))}
        </RadioGroup>
      )}
    </Box>
  );
}
