/**
 * What a DAWproject's `project.xml` states (bitwig/dawproject `Project.xsd`, FORMATS-MORE.md), in one scan:
 *
 * - `Application@name,@version`; `Transport/Tempo@value` (unit bpm) and `Transport/TimeSignature` (both optional);
 * - tracks: every `Track`, nested ones included, whose own `Channel@role` is regular or submix (a group); master,
 *   effect returns and VCAs are not tracks;
 * - plug-ins: `Vst2Plugin`, `Vst3Plugin`, `ClapPlugin`, `AuPlugin` by `@deviceName`, one instance each; BuiltinDevice,
 *   Equalizer, Compressor, Limiter and NoiseGate are the DAW's own;
 * - audio files: `Audio/File@path`, `@external="true"` for a file outside the container (a plug-in's `State` file
 *   reference is no audio);
 * - tempo changes: the points of `Arrangement/TempoAutomation`, and of any `Points` whose `Target` is the tempo.
 */
import type { PluginFormat } from '../../../common/projects/plugins';
import { XmlRefused, type XmlAttributes, type XmlHandler } from '../zip/xml-scan';
import { boundedText, MAX_NAME_CHARS, MAX_PATH_CHARS, statedNumber } from '../zip/zip-xml';

const PLUGIN_ELEMENTS = new Map<string, PluginFormat>([
  ['Vst2Plugin', 'VST2'],
  ['Vst3Plugin', 'VST3'],
  ['ClapPlugin', 'CLAP'],
  ['AuPlugin', 'AU'],
]);
const TRACK_ROLES = new Set(['regular', 'submix']);

export interface ProjectTrack {
  name: string;
  depth: number;
  /** Its own channel's role is regular or submix. */
  counted: boolean;
}

export interface AudioFileReference {
  path: string;
  external: boolean;
}

interface PointsContext {
  depth: number;
  tempo: boolean;
}

export class ProjectDocument implements XmlHandler {
  application: { name: string; version: string } | null = null;
  tempo: number | null = null;
  tempoUnit: string | undefined;
  timeSignature: [number, number] | null = null;
  readonly tempoPoints: number[] = [];
  readonly tracks: ProjectTrack[] = [];
  readonly plugins: { name: string; format: PluginFormat }[] = [];
  readonly audioFiles: AudioFileReference[] = [];
  private readonly path: string[] = [];
  private readonly openTracks: ProjectTrack[] = [];
  private tempoId: string | undefined;
  private points: PointsContext | null = null;

  open(name: string, attributes: XmlAttributes, depth: number): void {
    if (depth === 0 && name !== 'Project') throw new XmlRefused(`its root is <${name}>, not a DAWproject's <Project>`);
    const parent = depth > 0 ? this.path[depth - 1] : undefined;
    this.path[depth] = name;
    // One switch on the name: notes and points are nearly all of a large project, and fall straight through.
    switch (name) {
      case 'Application':
        if (depth === 1) this.applicationOf(attributes);
        return;
      case 'Tempo':
      case 'TimeSignature':
        if (parent === 'Transport' && depth === 2) this.transport(name, attributes);
        return;
      case 'Track': {
        const track = { name: boundedText(attributes.get('name'), MAX_NAME_CHARS, 'a track name') ?? '', depth, counted: false };
        this.tracks.push(track);
        this.openTracks.push(track);
        return;
      }
      case 'Channel': {
        const track = this.openTracks.at(-1);
        if (parent === 'Track' && track?.depth === depth - 1 && TRACK_ROLES.has(attributes.get('role') ?? '')) track.counted = true;
        return;
      }
      case 'Vst2Plugin':
      case 'Vst3Plugin':
      case 'ClapPlugin':
      case 'AuPlugin': {
        const deviceName = boundedText(attributes.get('deviceName'), MAX_NAME_CHARS, 'a plug-in name')?.trim();
        const format = PLUGIN_ELEMENTS.get(name);
        if (deviceName && format !== undefined) this.plugins.push({ name: deviceName, format });
        return;
      }
      case 'File':
        if (parent === 'Audio') this.audioFile(attributes);
        return;
      case 'TempoAutomation':
      case 'Points':
      case 'Target':
      case 'RealPoint':
        this.automation(name, attributes, depth, parent);
    }
  }

  close(name: string, depth: number): void {
    if (name === 'Track' && this.openTracks.at(-1)?.depth === depth) this.openTracks.pop();
    if (this.points?.depth === depth) this.points = null;
  }

  private applicationOf(attributes: XmlAttributes): void {
    const appName = boundedText(attributes.get('name'), MAX_NAME_CHARS, 'the application name');
    const version = boundedText(attributes.get('version'), MAX_NAME_CHARS, 'the application version');
    if (appName !== undefined && version !== undefined) this.application = { name: appName, version };
  }

  private audioFile(attributes: XmlAttributes): void {
    const filePath = boundedText(attributes.get('path'), MAX_PATH_CHARS, 'a file path');
    const external = attributes.get('external');
    if (filePath) this.audioFiles.push({ path: filePath, external: external === 'true' || external === '1' });
  }

  private transport(name: string, attributes: XmlAttributes): void {
    if (name === 'Tempo') {
      this.tempo = statedNumber(attributes.get('value'));
      this.tempoUnit = attributes.get('unit');
      this.tempoId = attributes.get('id');
    } else if (name === 'TimeSignature') {
      const numerator = statedNumber(attributes.get('numerator'));
      const denominator = statedNumber(attributes.get('denominator'));
      if (numerator !== null && denominator !== null) this.timeSignature = [numerator, denominator];
    }
  }

  private automation(name: string, attributes: XmlAttributes, depth: number, parent: string | undefined): void {
    if ((name === 'TempoAutomation' && parent === 'Arrangement') || name === 'Points') {
      this.points = { depth, tempo: name === 'TempoAutomation' };
    } else if (this.points !== null && depth === this.points.depth + 1) {
      if (name === 'Target' && this.tempoId !== undefined && attributes.get('parameter') === this.tempoId) this.points.tempo = true;
      if (name === 'RealPoint' && this.points.tempo) {
        const value = statedNumber(attributes.get('value'));
        if (value !== null) this.tempoPoints.push(value);
      }
    }
  }
}
