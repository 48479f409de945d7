/**
 * Writes synthetic LMMS projects for tests and benchmarks, laid out as LMMS 1.2 saves them (the shared fixtures
 * `lmms/StrictProduction-DearJonDoe.mmp` and `Farbro-Tectonic.mmpz`; FORMATS-MORE.md): `<!DOCTYPE lmms-project>`,
 * `<lmms-project creatorversion=… type="song">`, `<head bpm … timesig_numerator … timesig_denominator …>` (the tempo
 * as a `<bpm value id>` child when automated, as LMMS writes an automated model), then `song/trackcontainer` with
 * instrument (0), beat/bassline (1), sample (2) and automation (5) tracks, VeSTige and the VST effect for VST2
 * plug-ins, LADSPA effects, and the project notes in CDATA. A `.mmpz` is Qt's qCompress of that XML: a u32
 * big-endian length, then zlib.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { escapeXml } from './als-xml';
import { writeWav } from './wav';

export type LmmsEffect = { kind: 'ladspa'; name: string } | { kind: 'vst'; plugin: string };

export type LmmsTrack =
  | {
      kind: 'instrument';
      name: string;
      /** A VST2 through VeSTige: its file ("C:/VST/Synth1 VST.dll"). */
      vestige?: string;
      /** An AudioFileProcessor playing this sample (`src` as written: "local:kick.wav", an absolute path, "factorysample:…"). */
      sample?: string;
      effects?: readonly LmmsEffect[];
    }
  | { kind: 'beat'; name: string; tracks: readonly LmmsTrack[] }
  | { kind: 'sample'; name: string; clips: readonly string[] }
  | { kind: 'automation'; name: string };

export interface LmmsOptions {
  /** `creatorversion`. Default "1.2.2". */
  version?: string;
  /** Default 120. */
  tempo?: number;
  /** Points of a tempo automation after the first; none leaves the tempo fixed. Default none. */
  tempoAutomation?: readonly number[];
  /** Older files' `<head><bpm value>` (no id, not automated). Default false. */
  legacyHead?: boolean;
  /** Default [4, 4]. */
  timeSignature?: readonly [number, number];
  /** Default: a beat/bassline with two drums, a VeSTige synth with a VST effect, a sample track. */
  tracks?: readonly LmmsTrack[];
}

export const DEFAULT_LMMS_TRACKS: readonly LmmsTrack[] = [
  { kind: 'beat', name: 'Beat/Bassline 0', tracks: [{ kind: 'instrument', name: 'kick01.ogg', sample: 'factorysample:drums/kick01.ogg' }, { kind: 'instrument', name: 'snare01.ogg', sample: 'factorysample:drums/snare01.ogg' }] },
  { kind: 'instrument', name: 'Lead', vestige: 'C:/Program Files/VSTPlugins/Synth1 VST.dll', effects: [{ kind: 'vst', plugin: 'C:/Program Files/VSTPlugins/TAL-Reverb-4.dll' }, { kind: 'ladspa', name: 'Plate' }] },
  { kind: 'sample', name: 'Vocals', clips: ['local:vocals/take1.wav'] },
];

/** The id LMMS would give the tempo's model: automation patterns name it in `<object id>`. */
const TEMPO_MODEL_ID = 4_194_567;

export function lmmsProjectXml(options: LmmsOptions = {}): string {
  const [numerator, denominator] = options.timeSignature ?? [4, 4];
  const tempo = options.tempo ?? 120;
  const automated = (options.tempoAutomation ?? []).length > 0;
  const out: string[] = ['<?xml version="1.0"?>', '<!DOCTYPE lmms-project>'];
  out.push(`<lmms-project creator="LMMS" version="1.0" type="song" creatorversion="${escapeXml(options.version ?? '1.2.2')}">`);
  if (automated || options.legacyHead) {
    out.push(`  <head timesig_numerator="${numerator}" timesig_denominator="${denominator}" mastervol="100" masterpitch="0">`);
    out.push(`    <bpm value="${tempo}"${automated ? ` id="${TEMPO_MODEL_ID}"` : ''}/>`, '  </head>');
  } else {
    out.push(`  <head timesig_numerator="${numerator}" bpm="${tempo}" timesig_denominator="${denominator}" mastervol="100" masterpitch="0"/>`);
  }
  out.push('  <song>', '    <trackcontainer maximized="0" height="531" visible="1" minimized="0" x="12" y="1" type="song" width="1371">');
  for (const track of options.tracks ?? DEFAULT_LMMS_TRACKS) trackXml(out, track, 3);
  if (automated) {
    out.push('      <track muted="0" name="Tempo" solo="0" type="5">', '        <automationtrack/>');
    out.push('        <automationpattern tens="1" prog="1" pos="0" mute="0" name="Tempo" len="768">');
    [tempo, ...(options.tempoAutomation ?? [])].forEach((value, index) => out.push(`          <time pos="${index * 192}" value="${value}"/>`));
    out.push(`          <object id="${TEMPO_MODEL_ID}"/>`, '        </automationpattern>', '      </track>');
  }
  out.push('    </trackcontainer>', '    <track muted="0" name="Automation track" solo="0" type="6"><automationtrack/></track>');
  out.push('    <fxmixer height="333" visible="1" width="543" x="5" y="310" maximized="0" minimized="0">');
  out.push('      <fxchannel num="0" muted="0" volume="1" name="Master"><fxchain numofeffects="0" enabled="0"/></fxchannel>', '    </fxmixer>');
  out.push('    <pianoroll visible="0" width="970" height="480" x="118" y="1" maximized="0" minimized="0"/>');
  out.push('    <projectnotes visible="0" width="640" height="400" x="700" y="10" maximized="0" minimized="0"><![CDATA[<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0//EN">');
  out.push('<html><head><meta name="qrichtext" content="1" /></head><body><p>Notes: <b>bridge</b> needs work</p></body></html>]]></projectnotes>');
  out.push('    <timeline lp1pos="192" lp0pos="0" lpstate="0"/>', '    <controllers/>', '  </song>', '</lmms-project>', '');
  return out.join('\n');
}

/** Qt's qCompress: the length as a u32 big-endian, then zlib. */
export function qCompress(data: string | Buffer): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(bytes.length);
  return Buffer.concat([size, zlib.deflateSync(bytes)]);
}

/** Writes `.mmp` (XML) or `.mmpz` (qCompress) by the name, and the project's local and absolute samples but `absentSamples`. */
export function writeLmmsProject(filePath: string, options: LmmsOptions = {}, absentSamples: readonly string[] = []): string {
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const xml = lmmsProjectXml(options);
  fs.writeFileSync(filePath, /\.mmpz$/i.test(filePath) ? qCompress(xml) : xml);
  for (const sample of samplesOf(options.tracks ?? DEFAULT_LMMS_TRACKS)) {
    if (absentSamples.includes(sample)) continue;
    const file = sample.startsWith('local:') ? path.resolve(path.dirname(filePath), sample.slice('local:'.length)) : path.isAbsolute(sample) ? sample : null;
    if (file === null) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeWav(file, 0.05);
  }
  return filePath;
}

function samplesOf(tracks: readonly LmmsTrack[]): string[] {
  return tracks.flatMap((track) => {
    if (track.kind === 'instrument') return track.sample ? [track.sample] : [];
    if (track.kind === 'beat') return samplesOf(track.tracks);
    if (track.kind === 'sample') return [...track.clips];
    return [];
  });
}

function trackXml(out: string[], track: LmmsTrack, depth: number): void {
  const pad = '  '.repeat(depth);
  const type = { instrument: 0, beat: 1, sample: 2, automation: 5 }[track.kind];
  out.push(`${pad}<track muted="0" name="${escapeXml(track.name)}" solo="0" type="${type}">`);
  if (track.kind === 'instrument') {
    out.push(`${pad}  <instrumenttrack pan="0" fxch="0" usemasterpitch="1" pitchrange="1" basenote="57" vol="100" pitch="0">`);
    if (track.vestige) out.push(`${pad}    <instrument name="vestige"><vestige plugin="${escapeXml(track.vestige)}" guivisible="0"/></instrument>`);
    else if (track.sample) out.push(`${pad}    <instrument name="audiofileprocessor"><audiofileprocessor src="${escapeXml(track.sample)}" amp="100" looped="0" reversed="0" sframe="0" eframe="1"/></instrument>`);
    else out.push(`${pad}    <instrument name="tripleoscillator"><tripleoscillator vol0="33" wavetype0="0" coarse0="0" vol1="33" wavetype1="0" coarse1="-12"/></instrument>`);
    out.push(`${pad}    <eldata fres="0.5" ftype="0" fcut="14000" fwet="0"/>`, `${pad}    <chordcreator chord="0" chordrange="1" chord-enabled="0"/>`);
    const effects = track.effects ?? [];
    out.push(`${pad}    <fxchain numofeffects="${effects.length}" enabled="${effects.length > 0 ? 1 : 0}">`);
    for (const effect of effects) {
      if (effect.kind === 'vst') {
        out.push(`${pad}      <effect autoquit="1" wet="1" name="vsteffect" on="1" gate="0"><vsteffectcontrols plugin="${escapeXml(effect.plugin)}" numparams="0"/><key><attribute name="file" value="${escapeXml(effect.plugin)}"/></key></effect>`);
      } else {
        out.push(`${pad}      <effect autoquit="1" wet="1" name="ladspaeffect" on="1" gate="0"><ladspacontrols ports="2"/><key><attribute name="file" value="caps"/><attribute name="plugin" value="${escapeXml(effect.name)}"/></key></effect>`);
      }
    }
    out.push(`${pad}    </fxchain>`, `${pad}  </instrumenttrack>`);
    out.push(`${pad}  <pattern steps="16" muted="0" type="1" name="" pos="0"><note pan="0" key="57" vol="100" pos="0" len="48"/></pattern>`);
  } else if (track.kind === 'beat') {
    out.push(`${pad}  <bbtrack>`, `${pad}    <trackcontainer maximized="0" height="352" visible="0" minimized="0" x="541" y="531" type="bbtrackcontainer" width="972">`);
    for (const inner of track.tracks) trackXml(out, inner, depth + 3);
    out.push(`${pad}    </trackcontainer>`, `${pad}  </bbtrack>`, `${pad}  <bbtco muted="0" name="" pos="0" len="192" usestyle="1"/>`);
  } else if (track.kind === 'sample') {
    out.push(`${pad}  <sampletrack vol="100" pan="0"><fxchain numofeffects="0" enabled="0"/></sampletrack>`);
    track.clips.forEach((clip, index) => out.push(`${pad}  <sampletco muted="0" src="${escapeXml(clip)}" pos="${index * 192}" len="192"/>`));
  } else {
    out.push(`${pad}  <automationtrack/>`);
  }
  out.push(`${pad}</track>`);
}
