/**
 * What an FL Studio project states, from its bytes alone, in one pass over the events (FORMATS-MORE.md "FL Studio").
 * Memory stays bounded by the file: channels are summed up as they close, and only the first MAX_META_TRACKS names
 * are kept (`trackCount` still counts them all).
 */
import { MAX_META_TRACKS } from '../../../common/projects/project-meta';
import { countPlugins, type PluginFormat, type PluginUse } from '../../../common/projects/plugins';
import { EVENTS_START, eventsEndOf, FlpEventCursor } from './flp-events';
import { flpText, flVersionOf, writesUtf16, type FlVersion } from './flp-text';
import { addPlacedChannels, tempoClipChannel } from './tempo-automation';
import { wrappedPluginOf } from './wrapper-plugin';

/** Event ids (PyFLP `pyflp/project.py`, `channel.py`, `arrangement.py`, `mixer.py`, `plugin.py`). */
const EVENT = {
  timeSignatureNumerator: 17,
  timeSignatureDenominator: 18,
  channelType: 21,
  newChannel: 64,
  newPattern: 65,
  tempoCoarse: 66,
  tempoFine: 93,
  slotIndex: 98,
  newArrangement: 99,
  currentArrangement: 100,
  tempo: 156,
  build: 159,
  title: 194,
  samplePath: 196,
  version: 199,
  pluginInternalName: 201,
  name: 203,
  genre: 206,
  artists: 207,
  pluginData: 213,
  remoteController: 227,
  playlist: 233,
  insertFlags: 236,
  playlistTrack: 238,
} as const;

/**
 * Events that belong to the patterns, the arrangements or the mixer: after one, a name (203) or sample path (196) is
 * a mixer slot's or nobody's, not the last channel's (`fl test.flp` names a Fruity Limiter slot after its channels).
 */
const CHANNELS_END = new Set<number>([EVENT.newPattern, EVENT.slotIndex, EVENT.newArrangement, EVENT.currentArrangement, EVENT.playlist, EVENT.insertFlags, EVENT.playlistTrack]);

/** Channel type 5 (PyFLP ChannelType): an automation clip, not a track (`auto-basic.flp`: 7 channels, 5 tracks). */
const AUTOMATION_CLIP = 5;
/** The internal name of FL's host for third-party plug-ins; any other name is one of FL's own (Fruity Limiter, FLEX). */
const PLUGIN_HOST = 'Fruity Wrapper';
/** Below FL's lowest tempo and far above its highest (10 to 522 BPM): a stored value outside is damage, not a tempo. */
const MIN_TEMPO = 10;
const MAX_TEMPO = 999;

export interface FlpFacts {
  dawVersion: string | null;
  tempo: number | null;
  tempoAutomated: boolean;
  timeSignature: string | null;
  /** The song's info FL keeps (194, 207, 206), UTF-16 from FL 11.5; null when empty. `ProjectMeta.credits`. */
  title: string | null;
  artists: string | null;
  genre: string | null;
  /** The first MAX_META_TRACKS track names, in rack order. */
  tracks: string[];
  trackCount: number;
  /** Each channel's sample, as written, once each, in rack order. */
  samplePaths: string[];
  plugins: PluginUse[];
}

interface OpenChannel {
  index: number;
  type: number | null;
  name: string;
  samplePath: string;
  plugin: string;
}

/** Throws MalformedFlpError for a file that is not a whole project. */
export function readFlpFacts(data: Uint8Array): FlpFacts {
  const cursor = new FlpEventCursor(data, EVENTS_START, eventsEndOf(data));
  let version: FlVersion | null = null;
  let utf16: boolean | null = null;
  let build: number | null = null;
  let tempo: number | null = null;
  let tempoCoarse: number | null = null;
  let tempoFine = 0;
  let numerator: number | null = null;
  let denominator: number | null = null;
  let title = '';
  let artists = '';
  let genre = '';
  let channel: OpenChannel | null = null;
  let trackCount = 0;
  const tracks: string[] = [];
  const samplePaths = new Set<string>();
  const instances: { name: string; format: PluginFormat }[] = [];
  /** The plug-in the last 201 named, waiting for its data (213), in a channel or a mixer slot. */
  let hostedBy: string | null = null;
  const tempoClips = new Set<number>();
  const placed = new Set<number>();

  const closeChannel = (): void => {
    if (channel === null) return;
    if (channel.samplePath !== '') samplePaths.add(channel.samplePath);
    if (channel.type !== AUTOMATION_CLIP) {
      trackCount += 1;
      if (tracks.length < MAX_META_TRACKS) tracks.push(channelName(channel));
    }
    channel = null;
  };
  const text = (): string => flpText(data, cursor.start, cursor.length, utf16, cursor.id);

  while (cursor.next()) {
    const id = cursor.id;
    if (CHANNELS_END.has(id)) closeChannel();
    switch (id) {
      case EVENT.version:
        version = flVersionOf(data, cursor.start, cursor.length);
        utf16 = writesUtf16(version);
        break;
      case EVENT.build:
        build = cursor.value;
        break;
      case EVENT.tempo:
        tempo = cursor.value / 1000;
        break;
      case EVENT.tempoCoarse:
        tempoCoarse = cursor.value;
        break;
      case EVENT.tempoFine:
        tempoFine = cursor.value < 1000 ? cursor.value / 1000 : 0;
        break;
      case EVENT.timeSignatureNumerator:
        numerator ??= cursor.value;
        break;
      case EVENT.timeSignatureDenominator:
        denominator ??= cursor.value;
        break;
      case EVENT.title:
        title = text();
        break;
      case EVENT.artists:
        artists = text();
        break;
      case EVENT.genre:
        genre = text();
        break;
      case EVENT.newChannel:
        closeChannel();
        channel = { index: cursor.value, type: null, name: '', samplePath: '', plugin: '' };
        hostedBy = null;
        break;
      case EVENT.channelType:
        if (channel) channel.type = cursor.value;
        break;
      case EVENT.name:
        if (channel) channel.name = text();
        break;
      case EVENT.samplePath:
        if (channel) channel.samplePath = text();
        break;
      case EVENT.pluginInternalName:
        hostedBy = text();
        if (channel) channel.plugin = hostedBy;
        break;
      case EVENT.pluginData:
        if (hostedBy === PLUGIN_HOST) {
          const plugin = wrappedPluginOf(data, cursor.start, cursor.length);
          if (plugin) instances.push(plugin);
        }
        hostedBy = null;
        break;
      case EVENT.slotIndex:
        hostedBy = null;
        break;
      case EVENT.remoteController: {
        const clip = tempoClipChannel(data, cursor.start, cursor.length);
        if (clip !== null) tempoClips.add(clip);
        break;
      }
      case EVENT.playlist:
        addPlacedChannels(data, cursor.start, cursor.length, version?.major ?? null, placed);
        break;
    }
  }
  closeChannel();

  // 156 wins wherever it is; older files state whole BPM (66) and thousandths (93) apart.
  const stated = tempo ?? (tempoCoarse === null ? null : tempoCoarse + tempoFine);
  return {
    dawVersion: dawVersionOf(version, build),
    tempo: stated !== null && stated >= MIN_TEMPO && stated <= MAX_TEMPO ? stated : null,
    tempoAutomated: [...tempoClips].some((clip) => placed.has(clip)),
    timeSignature: timeSignatureOf(numerator, denominator),
    title: title || null,
    artists: artists || null,
    genre: genre || null,
    tracks,
    trackCount,
    samplePaths: [...samplePaths],
    plugins: countPlugins(instances),
  };
}

/** "FL Studio 20.0.5.91"; the build (159) is added where the version does not already end in it. */
function dawVersionOf(version: FlVersion | null, build: number | null): string | null {
  if (version === null) return null;
  const parts = version.text.split('.');
  if (build === null || parts[parts.length - 1] === String(build)) return `FL Studio ${version.text}`;
  return parts.length === 3 ? `FL Studio ${version.text}.${build}` : `FL Studio ${version.text} (build ${build})`;
}

/** FL's numerators run 1 to 16, its denominators 2, 4, 8 or 16 (PyFLP TimeSignature); anything else is not one. */
function timeSignatureOf(numerator: number | null, denominator: number | null): string | null {
  if (numerator === null || denominator === null) return null;
  if (numerator < 1 || numerator > 16 || ![2, 4, 8, 16].includes(denominator)) return null;
  return `${numerator}/${denominator}`;
}

/**
 * The name the rack shows: the user's (203), else what FL shows for an unnamed channel, its sample's file name or
 * its plug-in's, else its place in the rack.
 */
function channelName(channel: OpenChannel): string {
  if (channel.name !== '') return channel.name;
  const sample = channel.samplePath.split(/[\\/]/).pop() ?? '';
  const stem = sample.includes('.') ? sample.slice(0, sample.lastIndexOf('.')) : sample;
  return stem || channel.plugin || `Channel ${channel.index + 1}`;
}
