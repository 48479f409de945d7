/**
 * Builds synthetic Ableton Live sets (`.als`) for tests and benchmarks, laid out like the real sets in
 * shared/fixtures/daw (FORMATS.md): header, tracks with mixers, clips and devices, then the main track with
 * the tempo, then the scenes, transport and scale. Four schema styles: Live 8 (the main track's mixer under
 * MasterChain, tempo and signature only as song-start events, no scale), Live 10 (sample refs as folder lists),
 * Live 11 (RelativePath/Path strings) and Live 12 (MainTrack, numeric scale).
 *
 * The scan benchmark writes 20,000 of these, so a set is never deflated whole: its bulk (device XML) comes
 * from a few padding blocks deflated once per process, and only the small parts that vary (names, tempo,
 * clips, samples) are deflated per set. Each part is a self-contained deflate segment ending on a sync flush,
 * so the segments concatenate into one ordinary single-member gzip whose CRC is combined from theirs.
 *
 * Over 300 lines: one writer for the four schema styles of one format: split, the layout they share would be written four times.
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeXml, hex, mixerParameter, olderThan11, routing, seededRandom, targetId } from './als-xml';
import { GZIP_FRAMING_BYTES, Segment, gzipOf } from './gzip-segments';

export type AlsStyle = 'live8' | 'live10' | 'live11' | 'live12';
export type AlsTrackKind = 'audio' | 'midi' | 'group' | 'return';

export interface AlsTrack {
  kind: AlsTrackKind;
  name: string;
  /** The track's `Id`, which Live keeps across saves. Default: its place in the set, plus 10. */
  id?: number;
  /** Plug-ins on the track, before any padding: a name (written as a VST2) or a name and its format. Default none. */
  plugins?: readonly (string | AlsPlugin)[];
}

/** A plug-in as Live saves it: `VstPluginInfo`, `Vst3PluginInfo` (in a PluginDevice) or `AuPluginInfo` (AuPluginDevice). */
export interface AlsPlugin {
  name: string;
  format: 'VST2' | 'VST3' | 'AU';
}

/** Unusual or hostile sets for tests. */
export type AlsVariant =
  /** A DOCTYPE declaring an entity that a track name uses (the reader must refuse it). */
  | 'doctype-entity'
  /** Comments holding fake tracks, samples and a fake tempo (a reader must ignore them). */
  | 'comment-decoys'
  /** The first track's name holds bytes that are not UTF-8. */
  | 'invalid-utf8-name'
  /** Well-formed gzip of XML that stops in the middle of the tracks. */
  | 'truncated-xml';

export interface AlsOptions {
  /** Default 'live11'. */
  style?: AlsStyle;
  /** The root's `Creator`. Default per style: "Ableton Live 10.1.7", "Ableton Live 11.3.21", "Ableton Live 12.1.5". */
  creator?: string;
  /** Tempo/Manual, written as given: a string keeps float32 digits ("119.999992"). Default 120. */
  tempo?: number | string;
  /** Values of a tempo automation after the song-start event. Default none (tempo not automated). */
  tempoAutomation?: readonly number[];
  /** TimeSignature/Manual, encoded as Live does (201 is 4/4). Default 201. */
  timeSignature?: number;
  /** A count (named by `defaultAlsTracks`) or the tracks themselves. Default 6. */
  tracks?: number | readonly AlsTrack[];
  /** Arrangement clips per audio and MIDI track (more on audio tracks if the samples need them). Default 2. */
  clipsPerTrack?: number;
  /** Sample paths relative to the set's folder ('/'-separated, `..` allowed), each used at least once. Default none. */
  samples?: readonly string[];
  /** LiveSet/ScaleInformation and InKey: a root 0-11 and a scale (Live 12: index; older: name). Default C major, not in key. */
  scale?: { root: number; name: number | string; inKey: boolean };
  /** Approximate gzip size to reach with device XML, 20 KB to 2 MB in the benchmark. Default: no padding. */
  targetCompressedBytes?: number;
  /** Varies ids, clip timings and which padding blocks a set uses. Default 0. */
  seed?: number;
  variant?: AlsVariant;
}

/** Where generated sets claim to have been saved: their absolute sample paths point below it. */
export const ORIGINAL_SET_FOLDER = '/Users/producer/Music/Ableton/Song Project';

/** `count` tracks: audio and MIDI in turn, a group every fifth, and two returns at the end from four tracks. */
export function defaultAlsTracks(count: number): AlsTrack[] {
  return Array.from({ length: count }, (_unused, index): AlsTrack => {
    if (count >= 4 && index >= count - 2) return { kind: 'return', name: `${String.fromCharCode(65 + index - count + 2)}-Return` };
    if (index % 5 === 4) return { kind: 'group', name: `${index + 1}-Group` };
    return index % 2 === 0 ? { kind: 'audio', name: `${index + 1}-Audio` } : { kind: 'midi', name: `${index + 1}-MIDI` };
  });
}

/** The set's XML (bytes that are not UTF-8, in the 'invalid-utf8-name' variant, read as U+FFFD). */
export function buildAlsXml(options: AlsOptions = {}): string {
  return Buffer.concat(assemble(options).map((segment) => segment.xml)).toString('utf8');
}

/** The set as its `.als` file holds it: one gzip member. */
export function alsGzip(options: AlsOptions = {}): Buffer {
  return gzipOf(assemble(options));
}

export function writeAls(filePath: string, options: AlsOptions = {}): void {
  fs.writeFileSync(filePath, alsGzip(options));
}

// ---- Structure -------------------------------------------------------------------------------------------

/** Marks where padding blocks go (one per track) and where raw bytes replace text. */
const SLOT = '\u0000slot\u0000';
const INVALID_UTF8 = '\u0000bytes\u0000';
const TEMPO_TARGET_ID = 8;
const TIME_SIGNATURE_TARGET_ID = 10;
const SONG_START = -63072000;

const STYLE_HEADERS: Record<AlsStyle, { minorVersion: string; creator: string }> = {
  live8: { minorVersion: '8.1_252', creator: 'Ableton Live 8.1.4' },
  live10: { minorVersion: '10.0_377', creator: 'Ableton Live 10.1.7' },
  live11: { minorVersion: '11.0_11300', creator: 'Ableton Live 11.3.21' },
  live12: { minorVersion: '12.0_12117', creator: 'Ableton Live 12.1.5' },
};

function assemble(options: AlsOptions): Segment[] {
  const style = options.style ?? 'live11';
  const random = seededRandom(options.seed ?? 0);
  const tracks = typeof options.tracks === 'number' || options.tracks === undefined ? defaultAlsTracks(options.tracks ?? 6) : [...options.tracks];
  const runs = documentXml(style, tracks, options, random)
    .split(SLOT)
    .map((run) => new Segment(encodeRun(run, options.variant)));
  if (options.variant === 'truncated-xml') {
    const whole = Buffer.concat(runs.map((run) => run.xml));
    return [new Segment(whole.subarray(0, Math.floor(whole.indexOf('</Tracks>') / 2)))];
  }
  const blocksPerSlot = paddingPlan(runs, tracks.length, options, random);
  return runs.flatMap((run, index) => [run, ...(blocksPerSlot[index] ?? [])]);
}

function encodeRun(run: string, variant: AlsVariant | undefined): Buffer {
  if (variant !== 'invalid-utf8-name' || !run.includes(INVALID_UTF8)) return Buffer.from(run, 'utf8');
  const [before = '', after = ''] = run.split(INVALID_UTF8);
  return Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(after, 'utf8')]);
}

function documentXml(style: AlsStyle, tracks: AlsTrack[], options: AlsOptions, random: () => number): string {
  const header = STYLE_HEADERS[style];
  const doctype = options.variant === 'doctype-entity' ? '<!DOCTYPE Ableton [\n<!ENTITY boom "boom boom">\n]>\n' : '';
  const ghost =
    options.variant === 'comment-decoys'
      ? '\t\t\t<!-- <AudioTrack Id="999"><Name><EffectiveName Value="ghost" /></Name></AudioTrack>' +
        '<SampleRef><FileRef><RelativePath Value="Samples/ghost.wav" /></FileRef></SampleRef> -->\n'
      : '';
  const sampleUse = planSampleUse(tracks, options);
  const trackXml = tracks.map((track, index) => trackElement(style, track, index, sampleUse[index] ?? [], options, random));
  if (options.variant === 'doctype-entity' && trackXml[0]) trackXml[0] = trackXml[0].replace(/EffectiveName Value="[^"]*"/, 'EffectiveName Value="&boom;"');
  if (options.variant === 'invalid-utf8-name' && trackXml[0]) trackXml[0] = trackXml[0].replace(/EffectiveName Value="/, `$&${INVALID_UTF8}`);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}` +
    `<Ableton MajorVersion="${style === 'live8' ? 4 : 5}" MinorVersion="${header.minorVersion}" SchemaChangeCount="3" Creator="${escapeXml(options.creator ?? header.creator)}" Revision="${hex(random, 40)}">\n` +
    `\t<LiveSet>\n\t\t<NextPointeeId Value="${40000 + Math.floor(random() * 9000)}" />\n\t\t<OverwriteProtectionNumber Value="2819" />\n` +
    `\t\t<LomId Value="0" />\n\t\t<LomIdView Value="0" />\n\t\t<Tracks>\n${ghost}${trackXml.join('')}\t\t</Tracks>\n` +
    mainTrack(style, options) +
    songTail(style, options) +
    '\t</LiveSet>\n</Ableton>\n'
  );
}

/** For each track, the samples its audio clips use (by index): every sample at least once, spread over the audio tracks. */
function planSampleUse(tracks: AlsTrack[], options: AlsOptions): number[][] {
  const samples = options.samples ?? [];
  const clips = options.clipsPerTrack ?? 2;
  const audio = tracks.flatMap((track, index) => (track.kind === 'audio' ? [index] : []));
  if (samples.length > 0 && audio.length === 0) throw new Error('writeAls: samples need at least one audio track');
  const perTrack = audio.length === 0 ? 0 : Math.max(clips, Math.ceil(samples.length / audio.length));
  const use: number[][] = tracks.map(() => []);
  audio.forEach((trackIndex, audioIndex) => {
    for (let clip = 0; clip < perTrack && samples.length > 0; clip++) {
      use[trackIndex]?.push((audioIndex + clip * audio.length) % samples.length);
    }
  });
  return use;
}

// ---- Tracks and clips ------------------------------------------------------------------------------------

const TRACK_ELEMENTS: Record<AlsTrackKind, string> = { audio: 'AudioTrack', midi: 'MidiTrack', group: 'GroupTrack', return: 'ReturnTrack' };

function trackElement(style: AlsStyle, track: AlsTrack, index: number, sampleUse: number[], options: AlsOptions, random: () => number): string {
  const element = TRACK_ELEMENTS[track.kind];
  const name = escapeXml(track.name);
  const samples = options.samples ?? [];
  const clipCount = track.kind === 'audio' ? sampleUse.length : track.kind === 'midi' ? (options.clipsPerTrack ?? 2) : 0;
  const clips = Array.from({ length: clipCount }, (_unused, clip) =>
    track.kind === 'audio'
      ? audioClip(style, clip, samples[sampleUse[clip] ?? 0] ?? '', random)
      : midiClip(style, clip, `${track.name} ${clip + 1}`, random),
  ).join('');
  const timeable = track.kind === 'audio' ? 'Sample' : 'ClipTimeable';
  const simpler = track.kind === 'midi' && samples.length > 0 ? simplerDevice(style, samples[index % samples.length] ?? '', random) : '';
  const plugins = (track.plugins ?? []).map((plugin) => namedPlugin(typeof plugin === 'string' ? { name: plugin, format: 'VST2' } : plugin)).join('');
  return (
    `\t\t\t<${element} Id="${track.id ?? index + 10}">\n\t\t\t\t<LomId Value="0" />\n\t\t\t\t<LomIdView Value="0" />\n` +
    '\t\t\t\t<IsContentSelectedInDocument Value="false" />\n\t\t\t\t<PreferredContentViewMode Value="0" />\n' +
    '\t\t\t\t<TrackDelay>\n\t\t\t\t\t<Value Value="0" />\n\t\t\t\t\t<IsValueSampleBased Value="false" />\n\t\t\t\t</TrackDelay>\n' +
    `\t\t\t\t<Name>\n\t\t\t\t\t<EffectiveName Value="${name}" />\n\t\t\t\t\t<UserName Value="${name}" />\n` +
    '\t\t\t\t\t<Annotation Value="" />\n\t\t\t\t\t<MemorizedFirstClipName Value="" />\n\t\t\t\t</Name>\n' +
    `\t\t\t\t<${olderThan11(style) ? 'ColorIndex' : 'Color'} Value="${Math.floor(random() * 70)}" />\n` +
    '\t\t\t\t<AutomationEnvelopes>\n\t\t\t\t\t<Envelopes />\n\t\t\t\t</AutomationEnvelopes>\n' +
    '\t\t\t\t<TrackGroupId Value="-1" />\n\t\t\t\t<TrackUnfolded Value="true" />\n\t\t\t\t<ViewData Value="{}" />\n' +
    '\t\t\t\t<DeviceChain>\n' +
    routing('AudioInputRouting', 'AudioIn/External/S0', 'Ext. In') +
    routing('AudioOutputRouting', 'AudioOut/Master', 'Master') +
    `\t\t\t\t\t<Mixer>\n${mixerParameter('Pan', random() * 2 - 1, -1, 1, targetId(random))}` +
    `${mixerParameter('Volume', random() * 1.9, 0.0003162277571, 1.99526238, targetId(random))}` +
    `${mixerParameter('CrossFadeState', 1, 0, 2, targetId(random))}\t\t\t\t\t\t<SendsListWrapper LomId="0" />\n\t\t\t\t\t</Mixer>\n` +
    '\t\t\t\t\t<MainSequencer>\n\t\t\t\t\t\t<ClipSlotList>\n' +
    [0, 1, 2, 3].map((slot) => `\t\t\t\t\t\t\t<ClipSlot Id="${slot}">\n\t\t\t\t\t\t\t\t<ClipSlot>\n\t\t\t\t\t\t\t\t\t<Value />\n\t\t\t\t\t\t\t\t</ClipSlot>\n\t\t\t\t\t\t\t</ClipSlot>\n`).join('') +
    `\t\t\t\t\t\t</ClipSlotList>\n\t\t\t\t\t\t<${timeable}>\n\t\t\t\t\t\t\t<ArrangerAutomation>\n\t\t\t\t\t\t\t\t<Events>\n${clips}` +
    `\t\t\t\t\t\t\t\t</Events>\n\t\t\t\t\t\t\t</ArrangerAutomation>\n\t\t\t\t\t\t</${timeable}>\n\t\t\t\t\t</MainSequencer>\n` +
    `\t\t\t\t\t<DeviceChain>\n\t\t\t\t\t\t<Devices>\n${simpler}${plugins}${SLOT}\t\t\t\t\t\t</Devices>\n\t\t\t\t\t\t<SignalModulations />\n\t\t\t\t\t</DeviceChain>\n` +
    `\t\t\t\t</DeviceChain>\n\t\t\t</${element}>\n`
  );
}

function audioClip(style: AlsStyle, clip: number, sample: string, random: () => number): string {
  const time = clip * 16;
  const name = escapeXml(path.posix.basename(sample).replace(/\.[^.]*$/, ''));
  return (
    `\t\t\t\t\t\t\t\t\t<AudioClip Id="${clip}" Time="${time}">\n\t\t\t\t\t\t\t\t\t\t<LomId Value="0" />\n` +
    `\t\t\t\t\t\t\t\t\t\t<CurrentStart Value="${time}" />\n\t\t\t\t\t\t\t\t\t\t<CurrentEnd Value="${time + 16}" />\n` +
    `\t\t\t\t\t\t\t\t\t\t<Name Value="${name}" />\n\t\t\t\t\t\t\t\t\t\t<Color Value="${Math.floor(random() * 70)}" />\n` +
    clipTimeSignature() +
    sampleRef(style, sample, random) +
    `\t\t\t\t\t\t\t\t\t\t<WarpMode Value="0" />\n\t\t\t\t\t\t\t\t\t\t<WarpMarkers>\n` +
    `\t\t\t\t\t\t\t\t\t\t\t<WarpMarker Id="0" SecTime="0" BeatTime="0" />\n` +
    `\t\t\t\t\t\t\t\t\t\t\t<WarpMarker Id="1" SecTime="${(random() * 8).toFixed(16)}" BeatTime="16" />\n` +
    '\t\t\t\t\t\t\t\t\t\t</WarpMarkers>\n\t\t\t\t\t\t\t\t\t</AudioClip>\n'
  );
}

function midiClip(style: AlsStyle, clip: number, name: string, random: () => number): string {
  const time = clip * 16;
  const notes = Array.from(
    { length: 16 },
    (_unused, note) =>
      `\t\t\t\t\t\t\t\t\t\t\t\t\t<MidiNoteEvent Time="${note + Math.floor(random() * 4) / 4}" Duration="0.25" Velocity="${64 + Math.floor(random() * 63)}" OffVelocity="64" NoteId="${note + 1}" />\n`,
  ).join('');
  // A clip has a ScaleInformation of its own: only LiveSet's gives the key.
  const scale = style === 'live12' ? '<Root Value="9" />\n<Name Value="1" />' : '<RootNote Value="9" />\n<Name Value="Minor" />';
  return (
    `\t\t\t\t\t\t\t\t\t<MidiClip Id="${clip}" Time="${time}">\n\t\t\t\t\t\t\t\t\t\t<LomId Value="0" />\n` +
    `\t\t\t\t\t\t\t\t\t\t<CurrentStart Value="${time}" />\n\t\t\t\t\t\t\t\t\t\t<CurrentEnd Value="${time + 16}" />\n` +
    `\t\t\t\t\t\t\t\t\t\t<Name Value="${escapeXml(name)}" />\n` +
    clipTimeSignature() +
    `\t\t\t\t\t\t\t\t\t\t<Notes>\n\t\t\t\t\t\t\t\t\t\t\t<KeyTracks>\n\t\t\t\t\t\t\t\t\t\t\t\t<KeyTrack Id="0">\n\t\t\t\t\t\t\t\t\t\t\t\t\t<Notes>\n${notes}` +
    '\t\t\t\t\t\t\t\t\t\t\t\t\t</Notes>\n\t\t\t\t\t\t\t\t\t\t\t\t\t<MidiKey Value="36" />\n\t\t\t\t\t\t\t\t\t\t\t\t</KeyTrack>\n\t\t\t\t\t\t\t\t\t\t\t</KeyTracks>\n\t\t\t\t\t\t\t\t\t\t</Notes>\n' +
    `\t\t\t\t\t\t\t\t\t\t<ScaleInformation>\n${scale}\n</ScaleInformation>\n\t\t\t\t\t\t\t\t\t</MidiClip>\n`
  );
}

/** A clip's own signature, a decoy for the set's (Mixer/TimeSignature). */
function clipTimeSignature(): string {
  return (
    '\t\t\t\t\t\t\t\t\t\t<TimeSignature>\n\t\t\t\t\t\t\t\t\t\t\t<TimeSignatures>\n\t\t\t\t\t\t\t\t\t\t\t\t<RemoteableTimeSignature Id="0">\n' +
    '<Numerator Value="7" />\n<Denominator Value="8" />\n<Time Value="0" />\n' +
    '\t\t\t\t\t\t\t\t\t\t\t\t</RemoteableTimeSignature>\n\t\t\t\t\t\t\t\t\t\t\t</TimeSignatures>\n\t\t\t\t\t\t\t\t\t\t</TimeSignature>\n'
  );
}

function simplerDevice(style: AlsStyle, sample: string, random: () => number): string {
  return (
    `\t\t\t\t\t\t\t<OriginalSimpler Id="${Math.floor(random() * 1000)}">\n\t\t\t\t\t\t\t\t<LomId Value="0" />\n` +
    `\t\t\t\t\t\t\t\t<Player>\n\t\t\t\t\t\t\t\t\t<MultiSampleMap>\n\t\t\t\t\t\t\t\t\t\t<SampleParts>\n\t\t\t\t\t\t\t\t\t\t\t<MultiSamplePart Id="0">\n` +
    sampleRef(style, sample, random) +
    '\t\t\t\t\t\t\t\t\t\t\t</MultiSamplePart>\n\t\t\t\t\t\t\t\t\t\t</SampleParts>\n\t\t\t\t\t\t\t\t\t</MultiSampleMap>\n\t\t\t\t\t\t\t\t</Player>\n' +
    '\t\t\t\t\t\t\t</OriginalSimpler>\n'
  );
}

/**
 * SampleRef/FileRef as each style writes it, with the decoys real sets have around it: a SourceContext
 * holding the file it was made from (another FileRef), and a search hint of absolute folders.
 */
function sampleRef(style: AlsStyle, sample: string, random: () => number): string {
  const original = path.posix.join(ORIGINAL_SET_FOLDER, sample);
  const inProject = !sample.startsWith('../');
  const fileRef =
    olderThan11(style)
      ? live10FileRef(sample, original, inProject, random)
      : `<FileRef>\n<RelativePathType Value="${inProject ? 3 : 1}" />\n<RelativePath Value="${escapeXml(sample)}" />\n` +
        `<Path Value="${escapeXml(original)}" />\n<Type Value="2" />\n<LivePackName Value="" />\n<LivePackId Value="" />\n` +
        `<OriginalFileSize Value="${Math.floor(random() * 9e6)}" />\n<OriginalCrc Value="${Math.floor(random() * 65536)}" />\n</FileRef>\n`;
  const source =
    '<SourceContext>\n<SourceContext>\n<OriginalFileRef>\n<FileRef>\n<RelativePathType Value="1" />\n' +
    '<RelativePath Value="../Originals/source.wav" />\n<Path Value="/Users/producer/Originals/source.wav" />\n</FileRef>\n</OriginalFileRef>\n</SourceContext>\n</SourceContext>\n';
  return `<SampleRef>\n${fileRef}<LastModDate Value="${1600000000 + Math.floor(random() * 1e8)}" />\n${source}<SampleUsageHint Value="0" />\n<DefaultDuration Value="${Math.floor(random() * 1e6)}" />\n<DefaultSampleRate Value="44100" />\n</SampleRef>\n`;
}

function live10FileRef(sample: string, original: string, inProject: boolean, random: () => number): string {
  const folders = sample.split('/').slice(0, -1);
  const relative = folders.map((folder, index) => `<RelativePathElement Id="${index}" Dir="${folder === '..' ? '' : escapeXml(folder)}" />\n`).join('');
  const hint = original.split('/').filter(Boolean).slice(0, -1);
  const hintXml = hint.map((folder, index) => `<RelativePathElement Id="${index}" Dir="${escapeXml(folder)}" />\n`).join('');
  return (
    `<FileRef>\n<HasRelativePath Value="true" />\n<RelativePathType Value="${inProject ? 3 : 1}" />\n<RelativePath>\n${relative}</RelativePath>\n` +
    `<Name Value="${escapeXml(path.posix.basename(sample))}" />\n<Type Value="2" />\n<Data>\n${hex(random, 160)}\n${hex(random, 160)}\n</Data>\n` +
    `<RefersToFolder Value="false" />\n<SearchHint>\n<PathHint>\n${hintXml}</PathHint>\n<FileSize Value="${Math.floor(random() * 9e6)}" />\n` +
    '<Crc Value="14702" />\n<MaxCrcSize Value="16384" />\n<HasExtendedInfo Value="true" />\n</SearchHint>\n<LivePackName Value="" />\n<LivePackId Value="" />\n</FileRef>\n'
  );
}

// ---- The main track and what follows it ------------------------------------------------------------------

function mainTrack(style: AlsStyle, options: AlsOptions): string {
  if (style === 'live8') return live8MainTrack(options);
  const element = style === 'live12' ? 'MainTrack' : 'MasterTrack';
  const attributes = style === 'live12' ? ' SelectedToolPanel="7" SelectedTransformationName="" SelectedGeneratorName=""' : '';
  const tempo = String(options.tempo ?? 120);
  const signature = options.timeSignature ?? 201;
  const tempoEvents = [
    `<FloatEvent Id="0" Time="${SONG_START}" Value="${tempo}" />`,
    ...(options.tempoAutomation ?? []).map((value, index) => `<FloatEvent Id="${index + 1}" Time="${index * 4}" Value="${value}" />`),
  ];
  const decoy = options.variant === 'comment-decoys' ? '<!-- <Tempo><Manual Value="999" /></Tempo> -->\n' : '';
  return (
    `\t\t<${element}${attributes}>\n\t\t\t<LomId Value="0" />\n\t\t\t<Name>\n\t\t\t\t<EffectiveName Value="${style === 'live12' ? 'Main' : 'Master'}" />\n\t\t\t</Name>\n` +
    '\t\t\t<AutomationEnvelopes>\n\t\t\t\t<Envelopes>\n' +
    envelope(0, TIME_SIGNATURE_TARGET_ID, [`<EnumEvent Id="0" Time="${SONG_START}" Value="${signature}" />`]) +
    envelope(1, TEMPO_TARGET_ID, tempoEvents) +
    '\t\t\t\t</Envelopes>\n\t\t\t</AutomationEnvelopes>\n\t\t\t<DeviceChain>\n' +
    routing('AudioOutputRouting', 'AudioOut/External/S0', 'Ext. Out') +
    `\t\t\t\t\t<Mixer>\n${mixerParameter('Volume', 1, 0.0003162277571, 1.99526238, 4)}${decoy}` +
    '\t\t\t\t\t\t<Tempo>\n\t\t\t\t\t\t\t<LomId Value="0" />\n' +
    `\t\t\t\t\t\t\t<Manual Value="${tempo}" />\n\t\t\t\t\t\t\t<MidiControllerRange>\n\t\t\t\t\t\t\t\t<Min Value="60" />\n\t\t\t\t\t\t\t\t<Max Value="200" />\n\t\t\t\t\t\t\t</MidiControllerRange>\n` +
    `\t\t\t\t\t\t\t<AutomationTarget Id="${TEMPO_TARGET_ID}">\n\t\t\t\t\t\t\t\t<LockEnvelope Value="0" />\n\t\t\t\t\t\t\t</AutomationTarget>\n` +
    `\t\t\t\t\t\t\t<ModulationTarget Id="${TEMPO_TARGET_ID + 1}">\n\t\t\t\t\t\t\t\t<LockEnvelope Value="0" />\n\t\t\t\t\t\t\t</ModulationTarget>\n\t\t\t\t\t\t</Tempo>\n` +
    `\t\t\t\t\t\t<TimeSignature>\n\t\t\t\t\t\t\t<LomId Value="0" />\n\t\t\t\t\t\t\t<Manual Value="${signature}" />\n` +
    `\t\t\t\t\t\t\t<AutomationTarget Id="${TIME_SIGNATURE_TARGET_ID}">\n\t\t\t\t\t\t\t\t<LockEnvelope Value="0" />\n\t\t\t\t\t\t\t</AutomationTarget>\n\t\t\t\t\t\t</TimeSignature>\n` +
    `${mixerParameter('GlobalGrooveAmount', 100, 0, 131.25, 11)}\t\t\t\t\t</Mixer>\n` +
    `\t\t\t\t\t<DeviceChain>\n\t\t\t\t\t\t<Devices>\n${glueRack()}\t\t\t\t\t\t</Devices>\n\t\t\t\t\t</DeviceChain>\n` +
    `\t\t\t</DeviceChain>\n\t\t</${element}>\n`
  );
}

/**
 * Live 8's main track: the chain is MasterChain, and the tempo and signature have no Manual: each is the event at
 * the song start of its ArrangerAutomation, later events being its automation (FORMATS.md).
 */
function live8MainTrack(options: AlsOptions): string {
  const tempoEvents = [
    `<FloatEvent Time="${SONG_START}" Value="${options.tempo ?? 120}" />`,
    ...(options.tempoAutomation ?? []).map((value, index) => `<FloatEvent Time="${index * 4}" Value="${value}" />`),
  ];
  const events = (list: string[]) => `<ArrangerAutomation>\n<Events>\n${list.map((event) => `${event}\n`).join('')}</Events>\n</ArrangerAutomation>\n`;
  return (
    '\t\t<MasterTrack>\n\t\t\t<LomId Value="0" />\n\t\t\t<Name>\n\t\t\t\t<EffectiveName Value="Master" />\n\t\t\t</Name>\n\t\t\t<MasterChain>\n' +
    `\t\t\t\t<Mixer>\n${mixerParameter('Volume', 1, 0.0003162277571, 1.99526238, 4)}` +
    `<Tempo>\n<LomId Value="0" />\n${events(tempoEvents)}<AutomationTarget Id="${TEMPO_TARGET_ID}">\n<LockEnvelope Value="0" />\n</AutomationTarget>\n</Tempo>\n` +
    `<TimeSignature>\n<LomId Value="0" />\n${events([`<EnumEvent Time="${SONG_START}" Value="${options.timeSignature ?? 201}" />`])}</TimeSignature>\n` +
    '\t\t\t\t</Mixer>\n' +
    `\t\t\t\t<DeviceChain>\n\t\t\t\t\t<Devices>\n${glueRack()}\t\t\t\t\t</Devices>\n\t\t\t\t</DeviceChain>\n` +
    '\t\t\t</MasterChain>\n\t\t</MasterTrack>\n'
  );
}

function envelope(id: number, pointeeId: number, events: string[]): string {
  return (
    `\t\t\t\t\t<AutomationEnvelope Id="${id}">\n\t\t\t\t\t\t<EnvelopeTarget>\n\t\t\t\t\t\t\t<PointeeId Value="${pointeeId}" />\n\t\t\t\t\t\t</EnvelopeTarget>\n` +
    `\t\t\t\t\t\t<Automation>\n\t\t\t\t\t\t\t<Events>\n${events.map((event) => `\t\t\t\t\t\t\t\t${event}\n`).join('')}\t\t\t\t\t\t\t</Events>\n` +
    '\t\t\t\t\t\t</Automation>\n\t\t\t\t\t</AutomationEnvelope>\n'
  );
}

/** A rack on the main track: a DeviceChain inside the DeviceChain inside the main track's DeviceChain. */
function glueRack(): string {
  return (
    '<AudioEffectGroupDevice Id="0">\n<LomId Value="0" />\n<Branches>\n<AudioEffectBranch Id="0">\n<Name Value="Glue" />\n' +
    '<DeviceChain>\n<AudioToAudioDeviceChain Id="0">\n<Devices>\n<GlueCompressor Id="1">\n<LomId Value="0" />\n' +
    mixerParameter('Threshold', -12, -40, 0, 30) +
    '</GlueCompressor>\n</Devices>\n</AudioToAudioDeviceChain>\n</DeviceChain>\n</AudioEffectBranch>\n</Branches>\n</AudioEffectGroupDevice>\n'
  );
}

function songTail(style: AlsStyle, options: AlsOptions): string {
  const scale = options.scale ?? { root: 0, name: style === 'live12' ? 0 : 'Major', inKey: false };
  const scaleXml =
    style === 'live12'
      ? `\t\t\t<Root Value="${scale.root}" />\n\t\t\t<Name Value="${escapeXml(String(scale.name))}" />\n`
      : `\t\t\t<RootNote Value="${scale.root}" />\n\t\t\t<Name Value="${escapeXml(String(scale.name))}" />\n`;
  const scenes = Array.from({ length: 8 }, (_unused, index) => `\t\t\t<Scene Id="${index}">\n\t\t\t\t<Name Value="" />\n\t\t\t\t<Tempo Value="120" />\n\t\t\t</Scene>\n`);
  return (
    '\t\t<PreHearTrack>\n\t\t\t<LomId Value="0" />\n\t\t\t<Name>\n\t\t\t\t<EffectiveName Value="Master" />\n\t\t\t</Name>\n' +
    `\t\t\t<DeviceChain>\n\t\t\t\t<Mixer>\n${mixerParameter('Volume', 1, 0.0003162277571, 1.99526238, 2)}\t\t\t\t</Mixer>\n\t\t\t</DeviceChain>\n\t\t</PreHearTrack>\n` +
    `\t\t<SendsPre />\n\t\t<Scenes>\n${scenes.join('')}\t\t</Scenes>\n` +
    '\t\t<Transport>\n\t\t\t<PhaseNudgeTempo Value="10" />\n\t\t\t<LoopOn Value="false" />\n\t\t\t<CurrentTime Value="0" />\n\t\t</Transport>\n' +
    `\t\t<GlobalQuantisation Value="4" />\n` +
    (style === 'live8' ? '' : `\t\t<ScaleInformation>\n${scaleXml}\t\t</ScaleInformation>\n`) +
    (olderThan11(style) ? '' : `\t\t<InKey Value="${scale.inKey}" />\n`) +
    '\t\t<SmpteFormat Value="0" />\n'
  );
}

// ---- Padding: device XML deflated once per process -------------------------------------------------------

const PADDING_VARIANTS = 8;
/**
 * A block is some EQ Eights (their XML deflates about 24 times) and a plug-in with its state as hex (about
 * twice): together about 12 times, 9 KB deflated, fine steps for a 20 KB set and few blocks for a 2 MB one.
 */
const PADDING_EQ_DEVICES = 8;
const PLUGIN_STATE_HEX_CHARS = 8 * 1024;

/** A run of the document with its deflate segment (sync-flushed, so segments concatenate) and CRC. */
class PaddingBlock extends Segment {}

let paddingBlocks: PaddingBlock[] | undefined;

function paddingBlocksOnce(): PaddingBlock[] {
  paddingBlocks ??= Array.from({ length: PADDING_VARIANTS }, (_unused, variant) => {
    const random = seededRandom(1000 + variant);
    const devices = Array.from({ length: PADDING_EQ_DEVICES }, (_device, index) => eq8Device(index, random)).join('');
    const block = new PaddingBlock(Buffer.from(devices + pluginDevice(random), 'utf8'));
    void block.deflated;
    return block;
  });
  return paddingBlocks;
}

/** An EQ Eight with eight bands of parameters: what most of a real set's bytes look like. */
function eq8Device(index: number, random: () => number): string {
  const bands = Array.from({ length: 8 }, (_unused, band) => {
    const parameters = [
      mixerParameter('Freq', (30 + random() * 18000).toFixed(7), 10, 22000, targetId(random)),
      mixerParameter('Gain', (random() * 30 - 15).toFixed(7), -15, 15, targetId(random)),
      mixerParameter('Q', (0.1 + random() * 17).toFixed(10), 0.1, 18, targetId(random)),
      mixerParameter('IsOn', String(band < 4), 0, 1, targetId(random)),
    ].join('');
    return `\t\t\t\t\t\t\t\t<Bands.${band}>\n\t\t\t\t\t\t\t\t\t<ParameterA>\n${parameters}\t\t\t\t\t\t\t\t\t</ParameterA>\n\t\t\t\t\t\t\t\t</Bands.${band}>\n`;
  }).join('');
  // A preset reference is a FileRef too, outside any SampleRef: not a sample.
  return (
    `\t\t\t\t\t\t\t<Eq8 Id="${index}">\n\t\t\t\t\t\t\t\t<LomId Value="0" />\n\t\t\t\t\t\t\t\t<LastPresetRef>\n\t\t\t\t\t\t\t\t\t<Value>\n` +
    '<FilePresetRef Id="0">\n<FileRef>\n<RelativePathType Value="5" />\n<RelativePath Value="Presets/Audio Effects/EQ Eight/Air.adv" />\n' +
    '<Path Value="/Users/producer/Music/Ableton/User Library/Presets/Audio Effects/EQ Eight/Air.adv" />\n</FileRef>\n</FilePresetRef>\n' +
    `\t\t\t\t\t\t\t\t\t</Value>\n\t\t\t\t\t\t\t\t</LastPresetRef>\n${bands}\t\t\t\t\t\t\t</Eq8>\n`
  );
}

/** A VST with its saved state: the opaque hex that makes up much of many real sets. */
function pluginDevice(random: () => number): string {
  const lines = Array.from({ length: PLUGIN_STATE_HEX_CHARS / 80 }, () => `\t\t\t\t\t\t\t\t\t\t${hex(random, 80)}\n`).join('');
  return (
    '\t\t\t\t\t\t\t<PluginDevice Id="0">\n\t\t\t\t\t\t\t\t<LomId Value="0" />\n\t\t\t\t\t\t\t\t<PluginDesc>\n\t\t\t\t\t\t\t\t\t<VstPluginInfo Id="0">\n' +
    `\t\t\t\t\t\t\t\t\t\t<PlugName Value="Valhalla Room" />\n\t\t\t\t\t\t\t\t\t\t<Preset>\n\t\t\t\t\t\t\t\t\t\t\t<Buffer>\n${lines}` +
    '\t\t\t\t\t\t\t\t\t\t\t</Buffer>\n\t\t\t\t\t\t\t\t\t\t</Preset>\n\t\t\t\t\t\t\t\t\t</VstPluginInfo>\n\t\t\t\t\t\t\t\t</PluginDesc>\n\t\t\t\t\t\t\t</PluginDevice>\n'
  );
}

/** A plug-in with no state, as Live saves one of its format. */
function namedPlugin(plugin: AlsPlugin): string {
  const name = escapeXml(plugin.name);
  const [device, info, nameElement] =
    plugin.format === 'AU' ? ['AuPluginDevice', 'AuPluginInfo', 'Name'] : plugin.format === 'VST3' ? ['PluginDevice', 'Vst3PluginInfo', 'Name'] : ['PluginDevice', 'VstPluginInfo', 'PlugName'];
  // A VST3's preset has a Name of its own (empty), a decoy for the plug-in's.
  const preset = plugin.format === 'VST3' ? '\t\t\t\t\t\t\t\t\t\t<Preset>\n<Vst3Preset Id="0">\n<Name Value="" />\n</Vst3Preset>\n</Preset>\n' : '';
  const manufacturer = plugin.format === 'AU' ? '\t\t\t\t\t\t\t\t\t\t<Manufacturer Value="Maker" />\n' : '';
  return (
    `\t\t\t\t\t\t\t<${device} Id="0">\n\t\t\t\t\t\t\t\t<PluginDesc>\n\t\t\t\t\t\t\t\t\t<${info} Id="0">\n${preset}` +
    `\t\t\t\t\t\t\t\t\t\t<${nameElement} Value="${name}" />\n${manufacturer}\t\t\t\t\t\t\t\t\t</${info}>\n\t\t\t\t\t\t\t\t</PluginDesc>\n\t\t\t\t\t\t\t</${device}>\n`
  );
}

/** Padding blocks for each slot (one slot per track) so that the gzip comes near the target size. */
function paddingPlan(runs: Segment[], slots: number, options: AlsOptions, random: () => number): PaddingBlock[][] {
  const plan: PaddingBlock[][] = runs.map(() => []);
  if (options.targetCompressedBytes === undefined || slots === 0) return plan;
  const blocks = paddingBlocksOnce();
  const blockBytes = blocks.reduce((sum, block) => sum + block.deflated.length, 0) / blocks.length;
  const baseBytes = GZIP_FRAMING_BYTES + runs.reduce((sum, run) => sum + run.deflated.length, 0);
  const count = Math.max(0, Math.round((options.targetCompressedBytes - baseBytes) / blockBytes));
  const firstVariant = Math.floor(random() * PADDING_VARIANTS);
  for (let index = 0; index < count; index++) {
    plan[index % slots]?.push(blocks[(firstVariant + index) % PADDING_VARIANTS] as PaddingBlock);
  }
  return plan;
}

