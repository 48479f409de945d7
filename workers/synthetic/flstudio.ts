/**
 * Writes synthetic FL Studio projects (.flp) for tests, the demo library and benchmarks, with the events in the order
 * FL 20 writes them (the real files of fixtures/daw2/flstudio): the project's own (199 version, 159 build, 156 tempo,
 * 17/18 signature, 194/206/207 info), the automation clips' targets (227), each channel (64, 21, 201, 212, 203, 213,
 * 196; 234 for a clip), the arrangement (99, 241, 233 playlist) and the mixer (236 per insert, its slots' 201, 212,
 * 203, 213, each ended by 98). Opaque events are written at the sizes seen, zeros inside: the reader skips them, and a
 * benchmark pays for them as it would for a real file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export type FlChannelKind = 'sampler' | 'generator' | 'layer' | 'audio' | 'automation';

/** Event 21's values (PyFLP ChannelType). */
const CHANNEL_TYPE: Record<FlChannelKind, number> = { sampler: 0, generator: 2, layer: 3, audio: 4, automation: 5 };

/** A third-party plug-in hosted by `Fruity Wrapper`. */
export interface FlHostedPlugin {
  /** Its own name (record 54). */
  name: string;
  /** Its file (record 55); the extension says the format. Omitted: no path record. */
  path?: string;
  /** Bytes of opaque state (record 53): most of a real project's size. Default 64. */
  stateBytes?: number;
}

export interface FlChannel {
  /** The rack's name (203); '' writes none. */
  name: string;
  kind: FlChannelKind;
  /** The sample (196), as FL writes it: absolute, or under `%FLStudioFactoryData%`. */
  samplePath?: string;
  /** A native generator's internal name (201): "FLEX", "3x Osc". */
  native?: string;
  /** A third-party generator through `Fruity Wrapper`. */
  hosted?: FlHostedPlugin;
  /** An automation clip's target. Default 'tempo'. */
  target?: 'tempo' | 'master-volume';
  /** An automation or audio clip on the playlist. Default true for those, never for others. */
  placed?: boolean;
  /** Its playlist items muted. Default false. */
  muted?: boolean;
}

/** A mixer slot: one of FL's own effects, or a hosted plug-in. */
export type FlMixerSlot = { native: string } | { hosted: FlHostedPlugin };

export interface FlStudioProjectOptions {
  /** Event 199. Default "20.0.5.91"; below 11.5, texts are written in ASCII instead of UTF-16. */
  version?: string;
  /** Event 159. Default: the version's last number; null writes none. */
  build?: number | null;
  /** BPM. Default 128. */
  tempo?: number;
  /** Write the tempo as older FL did (66 whole BPM, 93 thousandths) instead of 156. Default false. */
  legacyTempo?: boolean;
  /** Default [4, 4]; null writes neither event. */
  timeSignature?: readonly [number, number] | null;
  /** Song info; each default ''. */
  title?: string;
  artists?: string;
  genre?: string;
  /** Default: DEFAULT_FL_CHANNELS. */
  channels?: readonly FlChannel[];
  /** The first insert's slots, in order (at most 10). Default: DEFAULT_FL_MIXER_SLOTS. */
  mixerSlots?: readonly FlMixerSlot[];
  /** Inserts written; FL 20 writes 127. Default 127. */
  inserts?: number;
  /** Patterns with notes (65, 224 of 24 bytes a note), before the channels: bulk for benchmarks. Default 0. */
  patterns?: number;
  notesPerPattern?: number;
}

export const DEFAULT_FL_CHANNELS: readonly FlChannel[] = [
  { name: 'Kick', kind: 'sampler', samplePath: '%FLStudioFactoryData%/Data/Patches/Packs/Drums/Kicks/Kick.wav' },
  { name: 'Lead', kind: 'generator', hosted: { name: 'Vital', path: 'C:\\Program Files\\Common Files\\VST3\\Vital.vst3' } },
  { name: 'Pad', kind: 'generator', hosted: { name: 'Synth1', path: 'C:\\Program Files\\VSTPlugins\\Synth1 VST64.dll' } },
  { name: 'Bass', kind: 'generator', native: 'FLEX' },
  { name: 'Tempo', kind: 'automation', target: 'tempo' },
];

export const DEFAULT_FL_MIXER_SLOTS: readonly FlMixerSlot[] = [{ native: 'Fruity Limiter' }, { hosted: { name: 'Surge XT Effects', path: 'C:\\Program Files\\Common Files\\CLAP\\Surge XT Effects.clap' } }];

export async function writeFlStudioProject(filePath: string, options: FlStudioProjectOptions = {}): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  await fs.writeFile(filePath, buildFlStudioProject(options));
}

export function buildFlStudioProject(options: FlStudioProjectOptions = {}): Buffer {
  const version = options.version ?? '20.0.5.91';
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const text = major > 11 || (major === 11 && minor >= 5) ? utf16Text : asciiText;
  const build = options.build === undefined ? Number(version.split('.').pop()) : options.build;
  const channels = options.channels ?? DEFAULT_FL_CHANNELS;
  const events: Buffer[] = [dataEvent(199, Buffer.from(`${version}\0`, 'latin1'))];
  if (build !== null && Number.isFinite(build)) events.push(dwordEvent(159, build));
  const tempo = options.tempo ?? 128;
  if (options.legacyTempo) events.push(wordEvent(66, Math.floor(tempo)), wordEvent(93, Math.round((tempo % 1) * 1000)));
  else events.push(dwordEvent(156, Math.round(tempo * 1000)));
  const signature = options.timeSignature === undefined ? [4, 4] : options.timeSignature;
  if (signature) events.push(byteEvent(17, signature[0]), byteEvent(18, signature[1]));
  events.push(dataEvent(194, text(options.title ?? '')), dataEvent(206, text(options.genre ?? '')), dataEvent(207, text(options.artists ?? '')));
  events.push(dataEvent(195, text('')), dataEvent(237, Buffer.alloc(16)));
  channels.forEach((channel, index) => {
    if (channel.kind === 'automation') events.push(dataEvent(227, remoteController(index, channel.target ?? 'tempo')));
  });
  for (let pattern = 0; pattern < (options.patterns ?? 0); pattern++) {
    events.push(wordEvent(65, pattern + 1), dataEvent(224, Buffer.alloc(24 * (options.notesPerPattern ?? 0), pattern & 0xff)));
  }
  channels.forEach((channel, index) => events.push(...channelEvents(channel, index, text)));
  events.push(wordEvent(99, 0), dataEvent(241, text('Arrangement')), dataEvent(233, playlist(channels, major >= 21)));
  for (let insert = 0; insert < (options.inserts ?? 127); insert++) {
    events.push(dataEvent(236, Buffer.alloc(12)));
    const slots = insert === 0 ? (options.mixerSlots ?? DEFAULT_FL_MIXER_SLOTS) : [];
    for (let slot = 0; slot < 10; slot++) {
      const plugin = slots[slot];
      if (plugin) events.push(...pluginEvents('native' in plugin ? plugin.native : null, 'hosted' in plugin ? plugin.hosted : undefined, text));
      events.push(wordEvent(98, slot));
    }
    events.push(dwordEvent(154, 0xffffffff), dwordEvent(147, insert === 0 ? 0xffffffff : 0));
  }
  return flpFile(events, channels.length);
}

function channelEvents(channel: FlChannel, index: number, text: (value: string) => Buffer): Buffer[] {
  const events = [wordEvent(64, index), byteEvent(21, CHANNEL_TYPE[channel.kind])];
  events.push(...pluginEvents(channel.native ?? null, channel.hosted, text, channel.name));
  // The channel's opaque settings (color, levels, envelopes), at the sizes FL 20 writes them.
  events.push(dwordEvent(128, 0x6a665c), byteEvent(0, 1), dataEvent(209, Buffer.alloc(20)), dataEvent(215, Buffer.alloc(157)), dataEvent(218, Buffer.alloc(68)));
  if (channel.kind === 'automation') events.push(dataEvent(234, automationPoints()));
  if (channel.samplePath !== undefined) events.push(dataEvent(196, text(channel.samplePath)));
  return events;
}

/** 201 (internal name: '' for the sampler), 212 (wrapper state), the label (203), 213 (the plug-in's data). */
function pluginEvents(native: string | null, hosted: FlHostedPlugin | undefined, text: (value: string) => Buffer, label = hosted?.name ?? ''): Buffer[] {
  const events = [dataEvent(201, text(hosted ? 'Fruity Wrapper' : (native ?? ''))), dataEvent(212, Buffer.alloc(52))];
  if (label !== '') events.push(dataEvent(203, text(label)));
  if (hosted) events.push(dataEvent(213, wrapperData(hosted)));
  else if (native) events.push(dataEvent(213, Buffer.alloc(168)));
  return events;
}

/** Kind 10, then `[u32 id][u64 size][bytes]` records: 52 class id (VST3), 51 FourCC (others), 54 name, 55 path, 53 state. */
export function wrapperData(plugin: FlHostedPlugin): Buffer {
  const record = (id: number, bytes: Buffer) => {
    const head = Buffer.alloc(12);
    head.writeUInt32LE(id, 0);
    head.writeBigUInt64LE(BigInt(bytes.length), 4);
    return Buffer.concat([head, bytes]);
  };
  const vst3 = plugin.path?.toLowerCase().endsWith('.vst3') ?? false;
  return Buffer.concat([
    u32(10),
    vst3 ? record(52, Buffer.alloc(16, 0x5a)) : record(51, Buffer.from('Fx01', 'latin1')),
    record(54, Buffer.from(plugin.name, 'utf8')),
    ...(plugin.path === undefined ? [] : [record(55, Buffer.from(plugin.path, 'utf8'))]),
    record(53, Buffer.alloc(plugin.stateBytes ?? 64, 0x33)),
  ]);
}

/** 227: [u16][u32 channel][u16][u16 parameter][u16 destination][u32 8][u32 469]; master tempo is 5 on 0x4000. */
function remoteController(channel: number, target: 'tempo' | 'master-volume'): Buffer {
  const bytes = Buffer.alloc(20);
  bytes.writeUInt32LE(channel, 2);
  bytes.writeUInt16LE(target === 'tempo' ? 5 : 0, 8);
  bytes.writeUInt16LE(0x4000, 10);
  bytes.writeUInt32LE(8, 12);
  bytes.writeUInt32LE(469, 16);
  return bytes;
}

/** 234: a header, then two points of 24 bytes (f64 beats since the last, f64 value, f32 tension, 4 bytes). */
function automationPoints(): Buffer {
  const head = Buffer.concat([u32(1), u32(64), Buffer.alloc(1), u32(4), u32(3), u32(2)]);
  const point = (beats: number, value: number) => {
    const bytes = Buffer.alloc(24);
    bytes.writeDoubleLE(beats, 0);
    bytes.writeDoubleLE(value, 8);
    return bytes;
  };
  return Buffer.concat([head, point(0, 0.5), point(4, 0.75)]);
}

/** 233: one item per placed clip, 32 bytes (60 from FL 21): position, base 20480, channel, length, track, flags. */
function playlist(channels: readonly FlChannel[], fl21: boolean): Buffer {
  const items: Buffer[] = [];
  channels.forEach((channel, index) => {
    const clip = channel.kind === 'automation' || channel.kind === 'audio';
    if (!(channel.placed ?? clip)) return;
    const item = Buffer.alloc(fl21 ? 60 : 32);
    item.writeInt32LE(index * 384, 0);
    item.writeUInt16LE(20480, 4);
    item.writeUInt16LE(index, 6);
    item.writeUInt32LE(384, 8);
    item.writeUInt16LE(499 - index, 12);
    item.writeUInt16LE(120, 16);
    item.writeUInt16LE(channel.muted ? 0x2040 : 0x40, 18);
    item.writeFloatLE(-1, 24);
    item.writeFloatLE(-1, 28);
    items.push(item);
  });
  return Buffer.concat(items);
}

/** `FLhd`, 6, format 0 (a project), the channel count, PPQ 96; `FLdt`, the events' length, the events. */
export function flpFile(events: readonly Buffer[], channelCount = 0): Buffer {
  const body = Buffer.concat(events);
  const header = Buffer.alloc(22);
  header.write('FLhd', 0, 'latin1');
  header.writeUInt32LE(6, 4);
  header.writeInt16LE(0, 8);
  header.writeUInt16LE(channelCount, 10);
  header.writeUInt16LE(96, 12);
  header.write('FLdt', 14, 'latin1');
  header.writeUInt32LE(body.length, 18);
  return Buffer.concat([header, body]);
}

export function byteEvent(id: number, value: number): Buffer {
  return Buffer.from([id, value & 0xff]);
}

export function wordEvent(id: number, value: number): Buffer {
  const bytes = Buffer.alloc(3);
  bytes[0] = id;
  bytes.writeUInt16LE(value & 0xffff, 1);
  return bytes;
}

export function dwordEvent(id: number, value: number): Buffer {
  return Buffer.concat([Buffer.from([id]), u32(value)]);
}

/** An event of id 192-255: its length as a varint (7 bits a byte, low group first), then the bytes. */
export function dataEvent(id: number, bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from([id]), varint(bytes.length), bytes]);
}

export function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    const group = rest % 128;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? group | 0x80 : group);
  } while (rest > 0);
  return Buffer.from(bytes);
}

/** FL 11.5+: UTF-16LE with a NUL. */
export function utf16Text(value: string): Buffer {
  return Buffer.from(`${value}\0`, 'utf16le');
}

/** Before FL 11.5: one byte a character, with a NUL. */
export function asciiText(value: string): Buffer {
  return Buffer.from(`${value}\0`, 'latin1');
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0, 0);
  return bytes;
}
