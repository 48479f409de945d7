/**
 * Writes synthetic Studio One `.song` files for tests, the demo library and `bench:scan`: a ZIP of XML laid out as
 * Studio One 5 writes it (FORMATS-MORE.md; the fixture test-song.song): folder entries, `metainfo.xml`,
 * `Song/song.xml` (tempo map, signature map, hidden marker/arranger/chord tracks, MediaTracks with events),
 * `Song/mediapool.xml` (file:/// URLs as written, spaces unescaped), `Devices/audiomixer.xml` (channel inserts) and
 * `Devices/audiosynthfolder.xml` (instruments), each part with a UTF-8 byte order mark and the undeclared `x:` prefix.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { seededRandom } from './seeded-random';
import { zipBytes, type ZipWriterEntry } from './zip-writer';

export interface StudioOneDevice {
  /** classInfo@name: the plug-in's own name ("Pro-Q 3", "Sylenth1 (64bit)"). */
  name: string;
  /** classInfo@subCategory: "VST2", "VST3", or Studio One's own "(Native)/EQ". */
  subCategory: string;
  /** deviceData@name, the instance's label. Default: the name. */
  label?: string;
}

export interface StudioOneTrack {
  name: string;
  /** Default "Audio". */
  mediaType?: 'Audio' | 'Music';
  /** Inserts on the track's mixer channel. Default none. */
  inserts?: readonly StudioOneDevice[];
}

export interface StudioOneSongOptions {
  /** Document:Generator. Default "Studio One/5.3.0.65413", as the fixture. */
  generator?: string;
  /** Document:Title. Default: the song's name (its file's, as in test-song.song) where `songPath` says it, else "Untitled". */
  title?: string;
  /** Media:Artist. Default "". */
  artist?: string;
  /** Media:Genre. Default "". */
  genre?: string;
  /** One tempo map segment per BPM (song.xml stores seconds per beat). Default [120]. */
  tempos?: readonly number[];
  /** Default [4, 4]. */
  timeSignature?: readonly [number, number];
  /**
   * Media:KeySignature as written. Default "-": no key, the one value a real song shows (test-song.song), as song.xml's
   * KeySignatureMap always says here (root 0, an empty scale). How Studio One writes a key that is set is unknown
   * (read-studioone.ts), so this writes none as Studio One would: another text is written as given, for the tests of a
   * spelling the reader must leave unknown, with the map still unset.
   */
  key?: string;
  /** Default 44100. */
  sampleRate?: number;
  /** Default two audio tracks and an instrument track with VST2, VST3 and native inserts. */
  tracks?: readonly StudioOneTrack[];
  /** Inserts on the main output. Default a VST3 limiter. */
  mainInserts?: readonly StudioOneDevice[];
  /** Instruments in Devices/audiosynthfolder.xml. Default a VST2 and a native one. */
  instruments?: readonly StudioOneDevice[];
  /** Absolute paths of audio files in the media pool. Default none. */
  samples?: readonly string[];
  /** Paths inside the song (media:// URLs). Default none. */
  embeddedSamples?: readonly string[];
  /** Where the song was saved, as the media pool's documentPath. Default: where it is written (else /Songs/Untitled/Untitled.song). */
  songPath?: string;
  /** Audio events per track, to make song.xml as large as a long song's. Default 4. */
  eventsPerTrack?: number;
  /** Leave these parts out (a damaged or partial song). Default none. */
  omit?: readonly string[];
}

const BOM = '\uFEFF';

const DEFAULT_TRACKS: StudioOneTrack[] = [
  { name: 'Lead Vocal', inserts: [{ name: 'Pro-Q 3', subCategory: 'VST3' }, { name: 'Pro EQ', subCategory: '(Native)/EQ' }] },
  { name: 'Drums', inserts: [{ name: 'Pro-Q 3', subCategory: 'VST3', label: 'Pro-Q 3 (2)' }, { name: 'OTT (64bit)', subCategory: 'VST2' }] },
  { name: 'Bass Synth', mediaType: 'Music' },
];
const DEFAULT_INSTRUMENTS: StudioOneDevice[] = [
  { name: 'Sylenth1', subCategory: 'VST2' },
  { name: 'Mai Tai', subCategory: '(Native)' },
];

export async function writeStudioOneSong(filePath: string, options: StudioOneSongOptions = {}): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  await fs.writeFile(filePath, studioOneSongBytes({ songPath: path.resolve(filePath), ...options }));
}

export function studioOneSongBytes(options: StudioOneSongOptions = {}): Buffer {
  return zipBytes(studioOneSongParts(options));
}

/** The song's entries in the order Studio One writes them, before they are zipped. */
export function studioOneSongParts(options: StudioOneSongOptions = {}): ZipWriterEntry[] {
  const omit = new Set(options.omit ?? []);
  const parts: ZipWriterEntry[] = [
    ...['ARA/', 'ClipData/', 'Devices/', 'Envelopes/', 'Song/', 'Workspace/'].map((name) => ({ name })),
    { name: 'notes.txt', data: '' },
    { name: 'metainfo.xml', data: BOM + metaInfo(options) },
    { name: 'Song/mediapool.xml', data: BOM + mediaPool(options) },
    { name: 'Song/song.xml', data: BOM + songXml(options) },
    { name: 'Devices/audiomixer.xml', data: BOM + audioMixer(options) },
    { name: 'Devices/audiosynthfolder.xml', data: BOM + synthFolder(options.instruments ?? DEFAULT_INSTRUMENTS) },
  ];
  return parts.filter((part) => !omit.has(part.name));
}

function metaInfo(options: StudioOneSongOptions): string {
  const [numerator, denominator] = options.timeSignature ?? [4, 4];
  const attributes: [string, string | number][] = [
    ['Media:Artist', options.artist ?? ''],
    ['Media:Genre', options.genre ?? ''],
    ['Document:MimeType', 'application/x-presonus-song'],
    ['Document:FormatVersion', 6],
    ['Document:Title', options.title ?? (options.songPath ? path.basename(options.songPath.replace(/\\/g, '/'), '.song') : 'Untitled')],
    ['Document:Generator', options.generator ?? 'Studio One/5.3.0.65413'],
    ['Media:SampleRate', options.sampleRate ?? 44_100],
    ['Media:Tempo', (options.tempos ?? [120])[0] ?? 120],
    ['Media:TimeSignatureNumerator', numerator],
    ['Media:TimeSignatureDenominator', denominator],
    ['Media:KeySignature', options.key ?? '-'],
    ['Media:TrackCount', (options.tracks ?? DEFAULT_TRACKS).length],
  ];
  const lines = attributes.map(([id, value]) => `\t<Attribute id="${id}" value="${escape(String(value))}"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<MetaInformation>\n${lines.join('\n')}\n</MetaInformation>\n`;
}

function songXml(options: StudioOneSongOptions): string {
  const tempos = options.tempos ?? [120];
  const [numerator, denominator] = options.timeSignature ?? [4, 4];
  const segments = tempos.map((bpm, index) => `\t\t\t\t<TempoMapSegment start="${index * 16}" end="${index === tempos.length - 1 ? '1.7976931348623156e+200' : (index + 1) * 16}" tempo="${60 / bpm}" curveType="0"/>`);
  const tracks = (options.tracks ?? DEFAULT_TRACKS).map((track, index) => mediaTrack(track, index, options.eventsPerTrack ?? 4));
  return `<?xml version="1.0" encoding="UTF-8"?>
<Song copyrighted="0" masterWithEffects="1" popup="0">
\t<Attributes x:id="Root" length="300" timeFormat="0" defaultTimeFormat="2" stretch="0" envelopeVisibility="1">
\t\t<Attributes x:id="timeContext" sampleRate="${options.sampleRate ?? 44_100}" frameType="1" timeOffset="0" barOffset="0">
\t\t\t<TempoMap x:id="tempoMap">
${segments.join('\n')}
\t\t\t</TempoMap>
\t\t\t<TimeSignatureMap x:id="timeSignatureMap">
\t\t\t\t<TimeSignatureMapSegment start="0" numerator="${numerator}" denominator="${denominator}"/>
\t\t\t</TimeSignatureMap>
\t\t\t<KeySignatureMap x:id="keySignatureMap">
\t\t\t\t<Attributes start="0" root="0" scale="" anchor="1"/>
\t\t\t</KeySignatureMap>
\t\t</Attributes>
\t\t<Attributes x:id="attributes" recordResolution="32"/>
\t\t<List x:id="Tracks">
\t\t\t<MarkerTrack version="1" timeFormat="2">
\t\t\t\t<Attributes x:id="attributes" hidden="1"/>
\t\t\t\t<MarkerEvent name="Start" markerType="2" timeFormat="2"/>
\t\t\t</MarkerTrack>
\t\t\t<ArrangerTrack version="1" color="FF328A66" timeFormat="2">
\t\t\t\t<Attributes x:id="attributes" hidden="1"/>
\t\t\t</ArrangerTrack>
\t\t\t<ChordTrack version="1" color="FFAB661C" timeFormat="2">
\t\t\t\t<Attributes x:id="attributes" hidden="1"/>
\t\t\t\t<UID x:id="channelID" uid="${guid(900)}"/>
\t\t\t</ChordTrack>
${tracks.join('\n')}
\t\t</List>
\t</Attributes>
</Song>
`;
}

function mediaTrack(track: StudioOneTrack, index: number, events: number): string {
  // Studio One writes times in seconds with every digit of the double ("2.3559791666666667353524644568096846342086791992188").
  const random = seededRandom(index + 1);
  let start = 0;
  const list = Array.from({ length: events }, (_, event) => {
    const tag = track.mediaType === 'Music' ? 'MusicPartEvent' : 'AudioEvent';
    const length = 0.5 + random() * 4;
    start += length + random() * 2;
    return `\t\t\t\t\t<${tag} name="${escape(track.name)} ${event + 1}" clipID="${guid(10_000 + index * events + event)}" start="${start.toPrecision(50)}" length="${length.toPrecision(50)}" timeFormat="0" speed="1" tune="0" transpose="0" modification="0" normalize="0"/>`;
  });
  return `\t\t\t<MediaTrack version="1" name="${escape(track.name)}" mediaType="${track.mediaType ?? 'Audio'}" trackID="${guid(100 + index)}" color="FFDD6105" timeFormat="2" tempoFollow="1" layersFollow="1" materialMode="0">
\t\t\t\t<SpeakerSetup x:id="trackFormat" type="Stereo"/>
\t\t\t\t<UID x:id="channelID" uid="${guid(200 + index)}"/>
\t\t\t\t<List x:id="Events">
${list.join('\n')}
\t\t\t\t</List>
\t\t\t</MediaTrack>`;
}

function mediaPool(options: StudioOneSongOptions): string {
  const clips = [...(options.samples ?? []).map(fileUrl), ...(options.embeddedSamples ?? []).map((inside) => `media://${inside}`)].map(
    (url, index) => `\t\t\t<AudioClip mediaID="${guid(10_000 + index)}" useCount="1">
\t\t\t\t<Url x:id="path" type="1" url="${escape(url)}"/>
\t\t\t\t<AudioTempoMap x:id="tempoMap" tempoApproved="1"><AudioTempoMapSegment offset="0" tempo="0.5"/></AudioTempoMap>
\t\t\t\t<Attributes x:id="format" bitDepth="24" formatType="1" frameCount="156114" numChannels="2" sampleRate="${options.sampleRate ?? 44_100}"/>
\t\t\t\t<List x:id="modifications"><AudioModification id="0"><List x:id="propertySets"><AudioBendProperties threshold="0.2" visible="0"><Url x:id="bendMarkers" type="1" url="media://ClipData/Audio/clip-${index}/clip-${index}.audiobendx"/></AudioBendProperties></List></AudioModification></List>
\t\t\t</AudioClip>`,
  );
  const songPath = options.songPath ?? '/Songs/Untitled/Untitled.song';
  return `<?xml version="1.0" encoding="UTF-8"?>
<MediaPool>
\t<Attributes x:id="rootFolder">
\t\t<MediaFolder name="Audio">
${clips.join('\n')}
\t\t</MediaFolder>
\t</Attributes>
\t<Attributes x:id="documentPath" type="1" url="${escape(fileUrl(songPath))}"/>
</MediaPool>
`;
}

function audioMixer(options: StudioOneSongOptions): string {
  const tracks = options.tracks ?? DEFAULT_TRACKS;
  const channels = tracks.map(
    (track, index) => `\t\t\t<AudioTrackChannel name="Channel${String(index + 1).padStart(2, '0')}" label="${escape(track.name)}" gain="1" pan="0.5" mute="0" solo="0">
\t\t\t\t<UID x:id="uniqueID" uid="${guid(200 + index)}"/>
${inserts(track.inserts ?? [], 300 + index * 10)}
\t\t\t</AudioTrackChannel>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<AudioMixer>
\t<Attributes x:id="channels" name="Channels" flags="1">
\t\t<ChannelGroup name="AudioOutput" flags="1">
\t\t\t<AudioOutputChannel name="Channel01" label="Main" gain="1" pan="0.5" mute="0" solo="0">
\t\t\t\t<UID x:id="uniqueID" uid="${guid(1)}"/>
${inserts(options.mainInserts ?? [{ name: 'Pro-L 2', subCategory: 'VST3' }], 600)}
\t\t\t</AudioOutputChannel>
\t\t</ChannelGroup>
\t\t<ChannelGroup name="AudioTrack" flags="1">
${channels.join('\n')}
\t\t</ChannelGroup>
\t</Attributes>
\t<Attributes x:id="ListenBusManager" useListenBus="0"/>
</AudioMixer>
`;
}

function inserts(devices: readonly StudioOneDevice[], seed: number): string {
  const slots = devices.map((device, index) => `\t\t\t\t\t<Attributes name="FX${String(index + 1).padStart(2, '0')}">
${deviceBody(device, seed + index, 6)}
\t\t\t\t\t</Attributes>`);
  return `\t\t\t\t<Attributes x:id="Inserts">
\t\t\t\t\t<Attributes x:id="Presets" pname="default" dirty="0"/>
${slots.join('\n')}
\t\t\t\t</Attributes>`;
}

function synthFolder(instruments: readonly StudioOneDevice[]): string {
  const slots = instruments.map((device, index) => `\t<Attributes name="${escape(device.label ?? device.name)}" speakerFormat="Stereo">
${deviceBody(device, 700 + index, 2)}
\t</Attributes>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<AudioSynthFolder>
\t<Attributes x:id="Presets" pname="default" dirty="0"/>
${slots.join('\n')}
</AudioSynthFolder>
`;
}

/** One device as Studio One writes an insert or an instrument: its ids, its instance data, its class. */
function deviceBody(device: StudioOneDevice, seed: number, depth: number): string {
  const indent = '\t'.repeat(depth);
  const category = device.subCategory.startsWith('(Native)') && !device.subCategory.includes('/') ? 'AudioSynth' : 'AudioEffect';
  return `${indent}<UID x:id="uniqueID" uid="${guid(seed)}"/>
${indent}<UID x:id="deviceClassID" uid="${guid(seed + 5000)}"/>
${indent}<Attributes x:id="deviceData" name="${escape(device.label ?? device.name)}"><UID x:id="uniqueID" uid="${guid(seed + 9000)}"/></Attributes>
${indent}<Attributes x:id="ghostData" presetType="${device.subCategory.startsWith('VST') ? 'vstpreset' : 'fxpreset'}">
${indent}\t<Attributes x:id="classInfo" classID="${guid(seed + 5000)}" name="${escape(device.name)}" category="${category}" subCategory="${escape(device.subCategory)}"/>
${indent}</Attributes>
${indent}<Attributes x:id="Presets" pname="default" dirty="1"/>`;
}

/** Studio One's file URL: the path as it is, spaces and all, after file:// (file:///C:/… on Windows). */
function fileUrl(filePath: string): string {
  const slashed = filePath.replace(/\\/g, '/');
  return `file://${slashed.startsWith('/') ? '' : '/'}${slashed}`;
}

function guid(seed: number): string {
  const hex = (seed * 2_654_435_761 >>> 0).toString(16).toUpperCase().padStart(8, '0');
  return `{${hex}-0E45-4961-A4FA-${String(seed).padStart(12, '0')}}`;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}
