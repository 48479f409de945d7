/**
 * Studio time's settings (issue 32), this computer's: how many songs Finishing holds, the gap that splits saves into
 * work sessions (changing it groups every song's saves again, in the background), and the weekly nudge (opt-in).
 * Read through RTK Query (the feed reads them again when they change, here or anywhere); a change is shown at once
 * and put back, with why, when the core refuses it (`setStudioSettings`).
 */
import type { StudioSettings as Settings } from '../../../common/studio/studio-settings';
import { errorMessage } from '../../api/base-query';
import { useSetStudioSettingsMutation, useStudioSettingsQuery } from '../../api/detail-endpoints';
import controls from '../ui/controls.module.css';
import { showToast } from '../ui/toasts';
import styles from './Studio.module.css';

export function StudioSettings() {
  const { data: settings } = useStudioSettingsQuery();
  const [setSettings] = useSetStudioSettingsMutation();
  if (!settings) return null;

  const save = async (patch: Partial<Settings>) => {
    const result = await setSettings(patch);
    if ('error' in result) showToast({ kind: 'error', message: `The setting was not saved: ${errorMessage(result.error, 'the core did not answer')}` });
  };
  const number = (key: 'focusLimit' | 'sessionGapMinutes' | 'stalledAfterDays', label: string, min: number, max: number, unit: string) => (
    <label className={styles.setting}>
      {label}
      <input
        className={`${controls.input} ${styles.settingNumber}`}
        type="number"
        min={min}
        max={max}
        defaultValue={settings[key]}
        onBlur={(event) => {
          const value = Number(event.currentTarget.value);
          if (Number.isInteger(value) && value >= min && value <= max && value !== settings[key]) void save({ [key]: value });
          else event.currentTarget.value = String(settings[key]);
        }}
      />
      {unit}
    </label>
  );
  return (
    <section className={styles.block} aria-label="Studio settings">
      <h3 className={styles.blockTitle}>Settings</h3>
      <div className={styles.settings}>
        {number('focusLimit', 'Finishing holds', 1, 50, 'songs')}
        {number('sessionGapMinutes', 'Saves closer than', 10, 1440, 'minutes are one session')}
        <label className={styles.setting}>
          <input type="checkbox" checked={settings.nudges} onChange={(event) => void save({ nudges: event.currentTarget.checked })} />
          Once a week, tell me about songs in progress untouched for
        </label>
        {number('stalledAfterDays', '', 7, 365, 'days')}
      </div>
    </section>
  );
}
