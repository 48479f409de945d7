/**
 * What an LMMS project's XML says (FORMATS-MORE.md, LMMS), gathered element by element from the bounded walk:
 *
 * - `<lmms-project creatorversion="1.2.0" type="song">` (before 1.0 `<multimedia-project>` or `<multimediaproject>`):
 *   the version; another type (an instrument preset) is no song.
 * - `<head bpm timesig_numerator timesig_denominator>`; older files, and a tempo under automation, write the value as
 *   a child (`<head><bpm value id>`: LMMS's AutomatableModel::saveSettings). The tempo is automated when an
 *   automation pattern or clip names that id among its `<object id>`s.
 * - Tracks: `song/trackcontainer[@type="song"]/track` of type 0 (instrument), 1 (beat/bassline) or 2 (sample); the
 *   tracks inside a beat/bassline and automation tracks (5, 6) are not. Before 1.0 the container is "songeditor" and a
 *   track is named on its first child (`<channeltrack name>`, `<bbtrack name>`: LMMS's Track::loadSettings).
 * - Plug-ins: VST2 only, through VeSTige (`<vestige plugin="…dll">`) or the VST effect (`<vsteffectcontrols
 *   plugin="…">`), named after the plug-in's file as LMMS shows it; LADSPA and LMMS's instruments are its own.
 * - Samples (FORMATS-MORE.md is silent on them; LMMS/lmms `src/core/PathUtil.cpp`): `audiofileprocessor`,
 *   `sampletco` and `sampleclip` `src`. Only an absolute path or a `local:` one (relative to the project's folder)
 *   says where the file is; `factorysample:`, `usersample:` and the older bare relative paths count from folders set
 *   in LMMS's own configuration, which the project does not hold: those are not listed rather than guessed at.
 */
import type { ProjectLists } from '../project-lists';
import { keptText, XmlRejected, type XmlVisitor } from '../bounded-xml';
import type { XmlAttributes } from '../zip/xml-scan';

const SONG_TRACK_TYPES = new Set(['0', '1', '2']);
/** The song's own track container: "song", before LMMS 1.0 "songeditor" (a beat/bassline's is "bbeditor"). */
const SONG_CONTAINERS = new Set(['song', 'songeditor']);
const PLUGIN_ELEMENTS = new Set(['vestige', 'vsteffectcontrols']);
const SAMPLE_ELEMENTS = new Set(['audiofileprocessor', 'sampletco', 'sampleclip']);
const AUTOMATION_ELEMENTS = new Set(['automationpattern', 'automationclip']);
/** PathUtil's prefixes ("factorysample:", "local:") have more than one letter; a drive letter ("C:") has one. */
const BASE_PREFIX = /^([a-z]{2,}):/i;

export interface LmmsFacts {
  version: string | null;
  tempo: number | null;
  tempoChanges: boolean;
  timeSignature: string | null;
}

export class LmmsProjectVisitor implements XmlVisitor {
  private readonly path: string[] = [];
  private version: string | null = null;
  private tempo: number | null = null;
  private tempoId: string | null = null;
  private numerator: number | null = null;
  private denominator: number | null = null;
  private songContainer = false;
  /** A song track whose name is on its first child (before LMMS 1.0), until that child opens. */
  private unnamedTrack = false;
  private readonly automatedIds = new Set<string>();

  constructor(private readonly lists: ProjectLists) {}

  open(name: string, attributes: XmlAttributes, depth: number): void {
    const parent = this.path.at(-1);
    this.path.push(name);
    if (depth === 0) {
      const type = attributes.get('type');
      if (type !== undefined && type !== 'song') throw new XmlRejected(`not an LMMS song (its type is "${keptText(type).slice(0, 40)}")`);
      const version = attributes.get('creatorversion');
      this.version = version ? keptText(version) : null;
    } else if (depth === 1 && name === 'head') {
      this.tempo = bpmOf(attributes.get('bpm'));
      this.numerator = beatsOf(attributes.get('timesig_numerator'));
      this.denominator = beatsOf(attributes.get('timesig_denominator'));
    } else if (depth === 2 && parent === 'head') {
      this.readHeadModel(name, attributes);
    } else if (depth === 2 && name === 'trackcontainer' && parent === 'song') {
      const type = attributes.get('type');
      this.songContainer = type === undefined || SONG_CONTAINERS.has(type);
    } else if (depth === 3 && name === 'track' && parent === 'trackcontainer' && this.path[1] === 'song' && this.songContainer) {
      if (SONG_TRACK_TYPES.has(attributes.get('type') ?? '')) {
        const named = attributes.get('name');
        if (named !== undefined) this.lists.addTrack(keptText(named));
        else this.unnamedTrack = true;
      }
    } else if (depth === 4 && this.unnamedTrack) {
      // LMMS before 1.0 named a track on its first child (`<channeltrack name>`, `<bbtrack name>`).
      this.lists.addTrack(keptText(attributes.get('name') ?? ''));
      this.unnamedTrack = false;
    }

    if (PLUGIN_ELEMENTS.has(name)) {
      const written = attributes.get('plugin');
      const plugin = written ? pluginName(keptText(written)) : null;
      if (plugin !== null) this.lists.addPlugin(plugin, 'VST2');
    } else if (SAMPLE_ELEMENTS.has(name)) {
      const src = attributes.get('src');
      const sample = src ? samplePath(keptText(src)) : null;
      if (sample !== null) this.lists.addSample(sample);
    } else if (name === 'object' && parent !== undefined && AUTOMATION_ELEMENTS.has(parent)) {
      const id = attributes.get('id');
      if (id) this.automatedIds.add(keptText(id));
    }
  }

  close(_name: string, depth: number): void {
    this.path.pop();
    // A track without a name that held no element: listed all the same, unnamed.
    if (depth === 3 && this.unnamedTrack) {
      this.lists.addTrack('');
      this.unnamedTrack = false;
    }
  }

  finish(): LmmsFacts {
    const { numerator, denominator } = this;
    return {
      version: this.version,
      tempo: this.tempo,
      tempoChanges: this.tempoId !== null && this.automatedIds.has(this.tempoId),
      timeSignature: numerator !== null && denominator !== null ? `${numerator}/${denominator}` : null,
    };
  }

  /** `<head><bpm value id>`: an old file's or an automated tempo; the same for the signature. */
  private readHeadModel(name: string, attributes: XmlAttributes): void {
    if (name === 'bpm') {
      this.tempo = bpmOf(attributes.get('value'));
      const id = attributes.get('id');
      this.tempoId = id ? keptText(id) : null;
    } else if (name === 'timesig_numerator') {
      this.numerator = beatsOf(attributes.get('value'));
    } else if (name === 'timesig_denominator') {
      this.denominator = beatsOf(attributes.get('value'));
    }
  }
}

/** The plug-in's file as LMMS shows it: "C:/VST/Synth1 VST.dll" is "Synth1 VST". */
function pluginName(file: string): string | null {
  const base = file.replace(BASE_PREFIX, '').split(/[\\/]/).at(-1) ?? '';
  const name = base.replace(/\.(dll|so|vst|dylib)$/i, '').trim();
  return name === '' ? null : name;
}

/** A path the project itself says where to find, or null (see the header). */
function samplePath(src: string): string | null {
  const prefix = BASE_PREFIX.exec(src)?.[1];
  if (prefix !== undefined) return prefix.toLowerCase() === 'local' ? src.slice(prefix.length + 1) : null;
  const absolute = src.startsWith('/') || src.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(src);
  return absolute ? src : null;
}

function bpmOf(text: string | undefined): number | null {
  const value = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(value) && value > 0 && value < 100_000 ? value : null;
}

function beatsOf(text: string | undefined): number | null {
  const value = Number(text);
  return text !== undefined && Number.isInteger(value) && value > 0 && value <= 1024 ? value : null;
}
