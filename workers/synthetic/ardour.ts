/**
 * Writes synthetic Ardour sessions for tests and benchmarks, in the two layouts of FORMATS-MORE.md (Ardour):
 *
 * - `3001` (Ardour 3 to 5; the shared fixture `ardour/1region/1region.ardour`): route flags on the `Route`, a track's
 *   `Diskstream` child, `TempoMap/Tempo@beats-per-minute` and `TempoMap/Meter@divisions-per-bar,@note-type`;
 * - `7003` (Ardour 7 and 8): `ProgramVersion`, `PresentationInfo@flags`, a track's `audio-playlist`/`midi-playlist`,
 *   `TempoMap/Tempos/Tempo@npm,@note-type` and `TempoMap/Meters/Meter@divisions-per-bar,@note-value`.
 *
 * Plug-ins are `Processor` inserts of each type Ardour writes; audio sources are files in
 * `interchange/<session>/audiofiles/` (written as tiny WAVs unless absent), or absolute paths used in place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeXml } from './als-xml';
import { writeWav } from './wav';

export type ArdourLayout = '3001' | '7003';
export type ArdourPluginType = 'ladspa' | 'lv2' | 'luaproc' | 'windows-vst' | 'lxvst' | 'mac-vst' | 'vst3' | 'audiounit';

export interface ArdourPlugin {
  type: ArdourPluginType;
  name: string;
}

export interface ArdourRoute {
  name: string;
  /** Tracks have a playlist; a bus has none. */
  kind: 'audio' | 'midi' | 'bus';
  plugins?: readonly ArdourPlugin[];
  /** Audio sources recorded on this track: file names in `interchange/<session>/audiofiles/`. Default none. */
  sources?: readonly string[];
}

export interface ArdourOptions {
  /** Default '7003'. */
  layout?: ArdourLayout;
  /** `Session@name`, the folder under `interchange/`. Default: the file's name without `.ardour` ("Song" for the text alone). */
  name?: string;
  /** `ProgramVersion@modified-with` (7003 only). Default "Ardour 8.4.0". */
  program?: string;
  /** Default 48000. */
  sampleRate?: number;
  /** The first tempo section's beats per minute. Default 120. */
  tempo?: number;
  /** Tempos of later sections, one bar apart. Default none. */
  laterTempos?: readonly number[];
  /** Default [4, 4]. */
  timeSignature?: readonly [number, number];
  /** Default: an audio track with a compressor and a recorded take, a MIDI track with an instrument, and a bus. */
  routes?: readonly ArdourRoute[];
  /** The master bus's plug-ins. Default none. */
  masterPlugins?: readonly ArdourPlugin[];
  /** Audio files used where they lie (absolute paths). Default none. */
  externalSources?: readonly string[];
}

export const DEFAULT_ARDOUR_ROUTES: readonly ArdourRoute[] = [
  { name: 'Audio 1', kind: 'audio', sources: ['Audio 1-1.wav'], plugins: [{ type: 'lv2', name: 'ACE Compressor' }] },
  { name: 'MIDI 1', kind: 'midi', plugins: [{ type: 'vst3', name: 'Vital' }] },
  { name: 'Reverb Bus', kind: 'bus', plugins: [{ type: 'windows-vst', name: 'ValhallaRoom' }] },
];

export function ardourSessionXml(options: ArdourOptions = {}): string {
  const sessionName = options.name ?? 'Song';
  const layout = options.layout ?? '7003';
  const modern = layout === '7003';
  const routes = options.routes ?? DEFAULT_ARDOUR_ROUTES;
  let id = 100;
  const next = () => id++;
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<Session version="${layout}" name="${escapeXml(sessionName)}" sample-rate="${options.sampleRate ?? 48_000}" id-counter="4000" event-counter="1">`);
  if (modern) out.push(`  <ProgramVersion created-with="Ardour 7.5.0" modified-with="${escapeXml(options.program ?? 'Ardour 8.4.0')}"/>`);
  out.push('  <Config>', '    <Option name="native-file-data-format" value="FormatFloat"/>', '    <Option name="native-file-header-format" value="WAVE"/>', '  </Config>', '  <Metadata/>');

  out.push('  <Sources>');
  for (const route of routes) {
    for (const source of route.sources ?? []) {
      out.push(`    <Source name="${escapeXml(source)}" type="audio" flags="" id="${next()}" captured-for="${escapeXml(route.name)}" channel="0" origin="" gain="1"/>`);
    }
    if (route.kind === 'midi') out.push(`    <Source name="${escapeXml(route.name)}-1.mid" type="midi" flags="Writable,CanRename" id="${next()}" origin=""/>`);
  }
  for (const external of options.externalSources ?? []) {
    out.push(`    <Source name="${escapeXml(external)}" type="audio" flags="" id="${next()}" channel="0" origin="${escapeXml(external)}" gain="1"/>`);
  }
  out.push('  </Sources>', '  <Regions/>', '  <Locations/>', '  <Bundles/>', '  <Routes>');

  out.push(...routeXml({ name: 'Master', kind: 'bus', plugins: options.masterPlugins ?? [] }, 'MasterOut', modern, next));
  for (const route of routes) out.push(...routeXml(route, route.kind === 'bus' ? 'AudioBus' : route.kind === 'midi' ? 'MidiTrack' : 'AudioTrack', modern, next));
  out.push('  </Routes>', '  <Playlists/>', '  <UnusedPlaylists/>', '  <RouteGroups/>', '  <Click/>');
  out.push(...tempoMapXml(options, modern));
  out.push('  <Extra/>', '</Session>', '');
  return out.join('\n');
}

/** Writes the session and, in `interchange/<name>/audiofiles/` beside it, its audio sources but `absentSources`. */
export function writeArdourSession(filePath: string, options: ArdourOptions = {}, absentSources: readonly string[] = []): string {
  const folder = path.dirname(filePath);
  const sessionName = options.name ?? path.basename(filePath).replace(/\.ardour$/, '');
  const audioFolder = path.join(folder, 'interchange', sessionName, 'audiofiles');
  fs.mkdirSync(audioFolder, { recursive: true });
  fs.mkdirSync(path.join(folder, 'interchange', sessionName, 'midifiles'), { recursive: true });
  for (const route of options.routes ?? DEFAULT_ARDOUR_ROUTES) {
    for (const source of route.sources ?? []) if (!absentSources.includes(source)) writeWav(path.join(audioFolder, source), 0.05);
  }
  fs.writeFileSync(filePath, ardourSessionXml({ ...options, name: sessionName }));
  return filePath;
}

function routeXml(route: ArdourRoute, flags: string, modern: boolean, next: () => number): string[] {
  const routeId = next();
  const playlist = route.kind === 'bus' ? '' : modern ? ` ${route.kind}-playlist="${next()}" playlist="${escapeXml(route.name)}.1"` : '';
  const routeFlags = modern || !['MasterOut', 'MonitorOut'].includes(flags) ? '' : ` flags="${flags}"`;
  const lines = [
    `    <Route${modern ? ' version="7003"' : ''} id="${routeId}" name="${escapeXml(route.name)}" default-type="${route.kind === 'midi' ? 'midi' : 'audio'}"${routeFlags} active="${modern ? 1 : 'yes'}" meter-point="MeterPostFader"${playlist}>`,
  ];
  if (modern) lines.push(`      <PresentationInfo order="${routeId}" flags="${flags},OrderSet" color="2566914303"/>`);
  lines.push(`      <IO name="${escapeXml(route.name)}" id="${next()}" direction="Input" default-type="audio"/>`);
  lines.push(`      <Processor id="${next()}" name="Amp" active="1" user-latency="0" type="amp"/>`);
  for (const plugin of route.plugins ?? []) {
    lines.push(
      `      <Processor id="${next()}" name="${escapeXml(plugin.name)}" active="1" user-latency="0" type="${plugin.type}" unique-id="${next()}" count="1" custom="0">`,
      `        <Controllable name="${escapeXml(plugin.name)}" id="${next()}" flags="" value="0" parameter="0"/>`,
      '      </Processor>',
    );
  }
  lines.push(`      <Processor id="${next()}" name="Meter" active="1" user-latency="0" type="meter"/>`);
  lines.push(`      <Processor id="${next()}" name="${escapeXml(route.name)}" active="1" own-input="1" own-output="0" type="main-outs" role="Main"/>`);
  if (!modern && route.kind !== 'bus') {
    lines.push(`      <Diskstream flags="Recordable" playlist="${escapeXml(route.name)}.1" name="${escapeXml(route.name)}" id="${next()}" speed="1.000000"/>`);
  }
  lines.push('    </Route>');
  return lines;
}

function tempoMapXml(options: ArdourOptions, modern: boolean): string[] {
  const [divisions, noteValue] = options.timeSignature ?? [4, 4];
  const tempos = [options.tempo ?? 120, ...(options.laterTempos ?? [])];
  if (!modern) {
    return [
      '  <TempoMap>',
      ...tempos.map((bpm, bar) => `    <Tempo start="${bar + 1}|1|0" beats-per-minute="${bpm.toFixed(6)}" note-type="4.000000" movable="${bar === 0 ? 'no' : 'yes'}"/>`),
      `    <Meter start="1|1|0" note-type="${noteValue.toFixed(6)}" divisions-per-bar="${divisions.toFixed(6)}" movable="no"/>`,
      '  </TempoMap>',
    ];
  }
  return [
    '  <TempoMap superclocks-per-second="282240000">',
    '    <Tempos>',
    ...tempos.map((bpm, bar) => `      <Tempo npm="${bpm}" enpm="${bpm}" note-type="4" type="Constant" locked-to-meter="0" continuing="0" active="1" sclock="${bar * 282240000 * 2}" quarters="${bar * 4}:0" bbt="${bar + 1}|1|0" omega="0"/>`),
    '    </Tempos>',
    '    <Meters>',
    `      <Meter sclock="0" quarters="0:0" bbt="1|1|0" note-value="${noteValue}" divisions-per-bar="${divisions}"/>`,
    '    </Meters>',
    '    <MusicTimes/>',
    '  </TempoMap>',
  ];
}
