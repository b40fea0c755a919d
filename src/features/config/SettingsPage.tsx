/**
 * `/general-settings` (SPEC §2, §3 "App config"): the four display settings of the app config,
 * saved as soon as they change, and the way into Customize Your Experience with a summary of the
 * current region, animal groups and additional language.
 */
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import TuneIcon from '@mui/icons-material/Tune';
import { messages } from '@contract/messages';
import { selectConfig } from '../../app/configSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import type { StoredConfig } from '../../db/kv';
import { canonicalSpecies, classificationLabel } from './configDraft';
import { changeSetting } from './configThunks';

type SettingKey = keyof StoredConfig['settings'];

const SETTINGS: readonly { key: SettingKey; label: string }[] = [
  { key: 'stats_visible_to_others', label: messages.settingStatsVisible },
  { key: 'maps_show_lifer', label: messages.settingMapsLifer },
  { key: 'maps_show_sightings', label: messages.settingMapsSightings },
  { key: 'show_config_notice', label: messages.settingConfigNotice },
];

export function SettingsPage() {
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectConfig);
  const summary: readonly [string, string][] = [
    [messages.configRegion, config.location?.name ?? messages.configNoRegion],
    [messages.configGroups, canonicalSpecies(config.species).map(classificationLabel).join(', ')],
    [messages.configLanguage, config.language.language],
  ];
  return (
    <Stack spacing={3} sx={{ py: 4, maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {messages.settingsTitle}
      </Typography>

      <Paper variant="outlined" component="section" aria-labelledby="settings-config" sx={{ p: 2 }}>
        <Typography id="settings-config" variant="h6" component="h2" gutterBottom>
          {messages.configTitle}
        </Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0, mb: 2 }}>
          {summary.map(([term, value]) => (
            <div key={term}>
              <Typography component="dt" variant="subtitle2">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid={`config-${term}`}>
                {value}
              </Typography>
            </div>
          ))}
        </Stack>
        <Button
          variant="outlined"
          startIcon={<TuneIcon />}
          aria-haspopup="dialog"
          onClick={() =>
            dispatch(uiActions.modalOpened({ name: 'config', props: { section: 'all', showBack: true } }))
          }
        >
          {messages.configTitle}
        </Button>
      </Paper>

      <Paper variant="outlined" component="section" aria-label={messages.settingsTitle} sx={{ p: 2 }}>
        <FormGroup>
          {SETTINGS.map(({ key, label }) => (
            <FormControlLabel
              key={key}
              label={label}
              control={
                <Switch
                  checked={config.settings[key]}
                  onChange={(event) => void dispatch(changeSetting(key, event.target.checked))}
                />
              }
            />
          ))}
        </FormGroup>
      </Paper>
    </Stack>
  );
}
