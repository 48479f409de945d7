/**
 * Writes synthetic DAWproject files (`.dawproject`) for tests, the demo library and `bench:scan`: a ZIP holding
 * `metadata.xml`, `project.xml` as Bitwig Studio 5 exports it (bitwig/dawproject `Project.xsd`: Application,
 * Transport, Structure of tracks with channels and devices, an Arrangement of lanes with note and audio clips and a
 * tempo automation), the embedded audio under `audio/` and plug-in states under `plugins/`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { seededRandom } from './seeded-random';
import { zipBytes, type ZipWriterEntry } from './zip-writer';

export type DawprojectDeviceKind = 'Vst2Plugin' | 'Vst3Plugin' | 'ClapPlugin' | 'AuPlugin' | 'BuiltinDevice' | 'Equalizer' | 'Compressor' | 'Limiter' | 'NoiseGate';

export interface DawprojectDevice {
  kind: DawprojectDeviceKind;
  /** deviceName. */
  name: string;
  /** Default "instrument" for the first device of a notes track, else "audioFX". */
  role?: 'instrument' | 'noteFX' | 'audioFX' | 'analyzer';
}

export interface DawprojectAudioFile {
  /** File@path: inside the container ("audio/Vox.wav") or, when external, relative to the project file or absolute. */
  path: string;
  /** Default false: the file is embedded under its path. */
  external?: boolean;
}

export interface DawprojectTrack {
  name: string;
  /** Channel@role. Default "regular" ("submix" for a track with children). */
  role?: 'regular' | 'master' | 'effect' | 'submix' | 'vca';
  devices?: readonly DawprojectDevice[];
  /** Audio clips on the track's lane. Default none. */
  audio?: readonly DawprojectAudioFile[];
  /** A group's tracks, nested inside it. */
  children?: readonly DawprojectTrack[];
}

export interface DawprojectOptions {
  /** Application@name and @version. Default Bitwig Studio 5.3.12. */
  application?: { name: string; version: string };
  /** Transport/Tempo@value. Default 120. */
  tempo?: number;
  /** Arrangement/TempoAutomation points, in BPM. Default none. */
  tempoPoints?: readonly number[];
  /** Transport/TimeSignature. Default [4, 4]; null leaves the element out (the XSD allows it). */
  timeSignature?: readonly [number, number] | null;
  /** Default: a group of two tracks, an instrument track, an effect return and the master, with plug-ins of four formats. */
  tracks?: readonly DawprojectTrack[];
  /** Notes in each notes clip, to make project.xml as large as a long song's. Default 16. */
  notesPerClip?: number;
}

const DEFAULT_TRACKS: DawprojectTrack[] = [
  {
    name: 'Drums',
    children: [
      { name: 'Kick', devices: [{ kind: 'Vst3Plugin', name: 'Battery 4' }], audio: [{ path: 'audio/Kick.wav' }] },
      { name: 'Snare', devices: [{ kind: 'Vst3Plugin', name: 'Battery 4' }, { kind: 'Equalizer', name: 'EQ+' }] },
    ],
  },
  { name: 'Lead', devices: [{ kind: 'ClapPlugin', name: 'Surge XT' }, { kind: 'Vst2Plugin', name: 'Valhalla VintageVerb', role: 'audioFX' }] },
  { name: 'Reverb', role: 'effect', devices: [{ kind: 'AuPlugin', name: 'ChromaVerb' }] },
  { name: 'Master', role: 'master', devices: [{ kind: 'Limiter', name: 'Limiter' }] },
];

const PLUGIN_STATE_EXTENSION: Partial<Record<DawprojectDeviceKind, string>> = { Vst2Plugin: 'fxp', Vst3Plugin: 'vstpreset', ClapPlugin: 'clap-preset', AuPlugin: 'aupreset' };

export async function writeDawproject(filePath: string, options: DawprojectOptions = {}): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  await fs.writeFile(filePath, dawprojectBytes(options));
}

export function dawprojectBytes(options: DawprojectOptions = {}): Buffer {
  return zipBytes(dawprojectParts(options));
}

/** The archive's entries before they are zipped: project.xml first, as Bitwig writes it, then the files it names. */
export function dawprojectParts(options: DawprojectOptions = {}): ZipWriterEntry[] {
  const writer = new ProjectWriter(options.notesPerClip ?? 16);
  const xml = writer.project(options);
  return [
    { name: 'project.xml', data: xml },
    { name: 'metadata.xml', data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<MetaData>\n  <Title>Synthetic</Title>\n  <Artist>Songshelf</Artist>\n</MetaData>\n' },
    ...writer.files,
  ];
}

class ProjectWriter {
  readonly files: ZipWriterEntry[] = [];
  private nextId = 0;
  private readonly lanes: string[] = [];

  constructor(private readonly notesPerClip: number) {}

  project(options: DawprojectOptions): string {
    const application = options.application ?? { name: 'Bitwig Studio', version: '5.3.12' };
    const tempoId = this.id();
    const signature = options.timeSignature === undefined ? [4, 4] : options.timeSignature;
    const structure = (options.tracks ?? DEFAULT_TRACKS).map((track) => this.track(track, '    ')).join('\n');
    const points = (options.tempoPoints ?? []).map((bpm, index) => `      <RealPoint time="${index * 16}.0" value="${bpm}" interpolation="linear"/>`);
    const tempoAutomation = points.length === 0 ? '' : `\n    <TempoAutomation unit="bpm" id="${this.id()}">\n      <Target parameter="${tempoId}"/>\n${points.join('\n')}\n    </TempoAutomation>`;
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Project version="1.0">
  <Application name="${escape(application.name)}" version="${escape(application.version)}"/>
  <Transport>
    <Tempo max="666.000000" min="20.000000" unit="bpm" value="${options.tempo ?? 120}" id="${tempoId}" name="Tempo"/>${signature === null ? '' : `\n    <TimeSignature denominator="${signature[1]}" numerator="${signature[0]}" id="${this.id()}"/>`}
  </Transport>
  <Structure>
${structure}
  </Structure>
  <Arrangement id="${this.id()}">${tempoAutomation}
    <Lanes timeUnit="beats" id="${this.id()}">
${this.lanes.join('\n')}
    </Lanes>
  </Arrangement>
  <Scenes/>
</Project>
`;
  }

  private track(track: DawprojectTrack, indent: string): string {
    const trackId = this.id();
    const role = track.role ?? (track.children ? 'submix' : 'regular');
    const devices = (track.devices ?? []).map((device, index) => this.device(device, index, `${indent}      `));
    const children = (track.children ?? []).map((child) => this.track(child, `${indent}  `));
    const contentType = track.children ? 'tracks' : track.audio?.length ? 'audio' : 'notes';
    if (role === 'regular') this.lanes.push(this.lane(trackId, track));
    return `${indent}<Track contentType="${contentType}" loaded="true" id="${trackId}" name="${escape(track.name)}" color="#a36a1f">
${indent}  <Channel audioChannels="2" role="${role}" solo="false" id="${this.id()}">
${indent}    <Devices>
${devices.join('\n')}
${indent}    </Devices>
${indent}    <Mute value="false" id="${this.id()}" name="Mute"/>
${indent}    <Pan max="1.000000" min="0.000000" unit="normalized" value="0.500000" id="${this.id()}" name="Pan"/>
${indent}    <Volume max="2.000000" min="0.000000" unit="linear" value="0.659140" id="${this.id()}" name="Volume"/>
${indent}  </Channel>
${children.join('\n')}
${indent}</Track>`;
  }

  private device(device: DawprojectDevice, index: number, indent: string): string {
    const id = this.id();
    const extension = PLUGIN_STATE_EXTENSION[device.kind];
    let state = '';
    if (extension !== undefined) {
      const statePath = `plugins/${id}.${extension}`;
      this.files.push({ name: statePath, data: Buffer.from(`state of ${device.name}`) });
      state = `\n${indent}  <State path="${statePath}"/>`;
    }
    const role = device.role ?? (index === 0 && device.kind !== 'Limiter' ? 'instrument' : 'audioFX');
    return `${indent}<${device.kind} deviceID="${id}-device" deviceName="${escape(device.name)}" deviceRole="${role}" deviceVendor="Vendor" loaded="true" id="${id}" name="${escape(device.name)}">
${indent}  <Parameters/>
${indent}  <Enabled value="true" id="${this.id()}" name="On/Off"/>${state}
${indent}</${device.kind}>`;
  }

  /** The track's lane in the arrangement: a notes clip, and a clip per audio file (embedded ones written too). */
  private lane(trackId: string, track: DawprojectTrack): string {
    // Played, not drawn: keys, lengths and velocities vary as a performance's do (and compress as little).
    const random = seededRandom(this.nextId);
    let time = 0;
    const notes = Array.from({ length: this.notesPerClip }, () => {
      time += [0, 0.125, 0.25, 0.5][Math.floor(random() * 4)] ?? 0.25;
      const duration = (0.05 + random() * 0.9).toFixed(6);
      return `            <Note time="${(time + random() * 0.02).toFixed(6)}" duration="${duration}" channel="0" key="${36 + Math.floor(random() * 48)}" vel="${(Math.ceil(random() * 127) / 127).toFixed(6)}" rel="0.500000"/>`;
    });
    const audio = (track.audio ?? []).map((file, index) => {
      if (!file.external && !this.files.some((written) => written.name === file.path)) this.files.push({ name: file.path, data: silentWav(), method: 'store' });
      return `          <Clip time="${16 + index * 8}.0" duration="8.0" playStart="0.0" fadeTimeUnit="beats" fadeInTime="0.0" fadeOutTime="0.0" name="${escape(track.name)} ${index + 1}">
            <Warps contentTimeUnit="seconds" timeUnit="beats" id="${this.id()}">
              <Audio algorithm="stretch" channels="2" duration="4.0" sampleRate="44100" id="${this.id()}">
                <File path="${escape(file.path)}"${file.external ? ' external="true"' : ''}/>
              </Audio>
              <Warp time="0.0" contentTime="0.0"/>
              <Warp time="8.0" contentTime="4.0"/>
            </Warps>
          </Clip>`;
    });
    return `      <Lanes track="${trackId}" id="${this.id()}">
        <Clips id="${this.id()}">
          <Clip time="0.0" duration="16.0" playStart="0.0" name="${escape(track.name)}">
            <Notes id="${this.id()}">
${notes.join('\n')}
            </Notes>
          </Clip>
${audio.join('\n')}
        </Clips>
      </Lanes>`;
  }

  private id(): string {
    return `id${this.nextId++}`;
  }
}

/** A tenth of a second of stereo silence, 44.1 kHz, 16-bit: enough to be a WAV. */
function silentWav(): Buffer {
  const data = Buffer.alloc(4410 * 4);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}
