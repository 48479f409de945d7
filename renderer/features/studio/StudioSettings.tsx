/**
 * Studio time's settings (issue 32), this computer's: how many songs Finishing holds, the gap that splits saves into
 * work sessions (changing it groups every song's saves again, in the background), and the weekly nudge (opt-in).
 */
import { useEffect, useState } from 'react';
import type { StudioSettings as Settings } from '../../../common/studio-settings';
import { callLibrary } from '../../api/calls';
import controls from '../ui/controls.module.css';
import { showToast } from '../ui/toasts';
import styles from './Studio.module.css';

export function StudioSettings() {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    let live = true;
    void callLibrary('studio:settings').then((result) => live && result.ok && setSettings(result.data));
    return () => {
      live = false;
    };
  }, []);
  if (!settings) return null;

  // Shown at once, then as the core kept it (or as it was, with why, when it refused).
  const save = async (patch: Partial<Settings>) => {
    const before = settings;
    setSettings({ ...settings, ...patch });
    const result = await callLibrary('studio:set-settings', patch);
    if (result.ok) setSettings(result.data);
    else {
      setSettings(before);
      showToast({ kind: 'error', message: `The setting was not saved: ${result.error.message}` });
    }
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
