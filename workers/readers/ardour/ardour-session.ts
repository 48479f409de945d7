/**
 * What an Ardour session's XML says (FORMATS-MORE.md, Ardour), gathered element by element from the bounded walk:
 *
 * - `Session@version` (3001, 7003; "2.0.0" in Ardour 2), `@name`, `@sample-rate`; `ProgramVersion@modified-with` (or
 *   `@created-with`) from Ardour 6 on.
 * - `TempoMap`: up to 3001 `Tempo@beats-per-minute` and `Meter@divisions-per-bar` (`@beats-per-bar` in 2.0) with
 *   `@note-type`; from 7000 `Tempos/Tempo@npm` and `Meters/Meter@divisions-per-bar,@note-value`. The first tempo is
 *   the song's; more than one tempo value (another section, or a ramp's end) means the tempo changes. The tempo is as
 *   Ardour shows it: beats per minute of the note the map states (a quarter in nearly every session).
 * - Tracks: `Routes/Route` that are tracks (a `diskstream-id`, `audio-playlist` or `midi-playlist` attribute, or a
 *   `Diskstream` child in 3.x), not the master or monitor (`MasterOut`/`MonitorOut` in `@flags` or
 *   `PresentationInfo@flags`); busses have no playlist.
 * - Plug-ins: `Processor@type` (`Insert@type` in Ardour 2) `windows-vst`, `lxvst`, `mac-vst` (and 2.x `vst`) are
 *   VST2, `vst3` VST3, `audiounit` AU; LADSPA, LV2 and Lua are Ardour's own here, not listed. The name is
 *   `Processor@name` (Ardour names the insert after its plug-in); Ardour 2 keeps it on the insert's `IO`.
 * - Samples: `Sources/Source` of audio (not MIDI, not a playlist's compound source): a file in
 *   `interchange/<session>/audiofiles/`, or an absolute path for a file used where it lies.
 */
import type { PluginFormat } from '../../../common/projects/plugins';
import type { ProjectLists } from '../project-lists';
import { keptText, type XmlVisitor } from '../bounded-xml';
import type { XmlAttributes } from '../zip/xml-scan';

const PLUGIN_TYPES: ReadonlyMap<string, PluginFormat> = new Map([
  ['windows-vst', 'VST2'],
  ['lxvst', 'VST2'],
  ['mac-vst', 'VST2'],
  ['vst', 'VST2'],
  ['vst3', 'VST3'],
  ['audiounit', 'AU'],
]);
const NOT_TRACK_FLAGS = ['MasterOut', 'MonitorOut'];

export interface ArdourFacts {
  version: string | null;
  /** "Ardour 8.4.0": the program that last saved (Ardour 6 and later). */
  program: string | null;
  sampleRate: number | null;
  tempo: number | null;
  tempoChanges: boolean;
  timeSignature: string | null;
}

interface RouteFrame {
  name: string;
  isTrack: boolean;
  excluded: boolean;
}

interface InsertFrame {
  depth: number;
  format: PluginFormat;
  name: string | null;
}

export class ArdourSessionVisitor implements XmlVisitor {
  readonly facts: ArdourFacts = { version: null, program: null, sampleRate: null, tempo: null, tempoChanges: false, timeSignature: null };
  private readonly path: string[] = [];
  private sessionFolder: string;
  private route: RouteFrame | null = null;
  private readonly inserts: InsertFrame[] = [];
  private readonly tempos = new Set<number>();
  private sawTempo = false;
  private sawMeter = false;

  /** `fileStem`: the session file's name without `.ardour`, its folder in `interchange/` when the XML names none. */
  constructor(
    private readonly lists: ProjectLists,
    fileStem: string,
  ) {
    this.sessionFolder = fileStem;
  }

  open(name: string, attributes: XmlAttributes, depth: number): void {
    const parent = this.path.at(-1);
    this.path.push(name);
    if (depth === 0) this.readSession(attributes);
    else if (depth === 1 && name === 'ProgramVersion') this.facts.program = programOf(attributes);
    else if (depth === 2 && parent === 'Sources' && name === 'Source') this.readSource(attributes);
    else if (depth === 2 && parent === 'Routes' && name === 'Route') this.route = routeOf(attributes);
    else if (depth === 3 && this.route && name === 'Diskstream') this.route.isTrack = true;
    else if (depth === 3 && this.route && name === 'PresentationInfo' && hasNotTrackFlag(attributes.get('flags'))) this.route.excluded = true;
    else if (this.path[1] === 'TempoMap' && name === 'Tempo') this.readTempo(attributes);
    else if (this.path[1] === 'TempoMap' && name === 'Meter') this.readMeter(attributes);

    const format = name === 'Processor' || name === 'Insert' ? PLUGIN_TYPES.get(attributes.get('type') ?? '') : undefined;
    if (format && name === 'Processor') {
      const plugin = attributes.get('name');
      if (plugin) this.lists.addPlugin(keptText(plugin), format);
    } else if (format) {
      this.inserts.push({ depth, format, name: null });
    } else if (name === 'IO' && this.inserts.length > 0) {
      const insert = this.inserts.at(-1)!;
      const io = attributes.get('name');
      insert.name ??= io ? keptText(io) : null;
    }
  }

  close(name: string, depth: number): void {
    this.path.pop();
    if (depth === 2 && name === 'Route' && this.route) {
      if (this.route.isTrack && !this.route.excluded) this.lists.addTrack(this.route.name);
      this.route = null;
    } else if (name === 'Insert' && this.inserts.at(-1)?.depth === depth) {
      const insert = this.inserts.pop()!;
      if (insert.name) this.lists.addPlugin(insert.name, insert.format);
    }
  }

  /** The tempo map's verdict, once the walk is done. */
  finish(): ArdourFacts {
    this.facts.tempoChanges = this.tempos.size > 1;
    return this.facts;
  }

  /** Where the session keeps a source named by its file name alone, relative to the session's folder. */
  private readSource(attributes: XmlAttributes): void {
    const type = attributes.get('type');
    const written = attributes.get('name');
    if ((type !== undefined && type !== 'audio') || attributes.get('playlist') !== undefined || !written) return;
    const name = keptText(written);
    const absolute = name.startsWith('/') || /^[A-Za-z]:[\\/]/.test(name) || name.startsWith('\\');
    this.lists.addSample(absolute ? name : `interchange/${this.sessionFolder}/audiofiles/${name}`);
  }

  private readSession(attributes: XmlAttributes): void {
    const version = attributes.get('version');
    this.facts.version = version ? keptText(version) : null;
    const rate = Number(attributes.get('sample-rate'));
    this.facts.sampleRate = Number.isInteger(rate) && rate >= 1_000 && rate <= 768_000 ? rate : null;
    // The name is a folder under interchange/: one that is not a plain name is not used as a path.
    const name = attributes.get('name');
    if (name && name !== '.' && name !== '..' && !/[\\/]/.test(name)) this.sessionFolder = keptText(name);
  }

  private readTempo(attributes: XmlAttributes): void {
    const start = positive(attributes.get('beats-per-minute') ?? attributes.get('npm'));
    for (const value of [start, positive(attributes.get('end-beats-per-minute') ?? attributes.get('enpm'))]) {
      if (value !== null) this.tempos.add(value);
    }
    if (this.sawTempo) return;
    this.sawTempo = true;
    this.facts.tempo = start;
  }

  private readMeter(attributes: XmlAttributes): void {
    if (this.sawMeter) return;
    this.sawMeter = true;
    const numerator = positive(attributes.get('divisions-per-bar') ?? attributes.get('beats-per-bar'));
    const denominator = positive(attributes.get('note-type') ?? attributes.get('note-value'));
    const whole = (value: number | null): value is number => value !== null && Number.isInteger(value) && value <= 1024;
    this.facts.timeSignature = whole(numerator) && whole(denominator) ? `${numerator}/${denominator}` : null;
  }
}

function routeOf(attributes: XmlAttributes): RouteFrame {
  const isTrack = ['diskstream-id', 'audio-playlist', 'midi-playlist'].some((key) => Boolean(attributes.get(key)));
  return { name: keptText(attributes.get('name') ?? ''), isTrack, excluded: hasNotTrackFlag(attributes.get('flags')) };
}

function hasNotTrackFlag(flags: string | undefined): boolean {
  return flags !== undefined && flags.split(',').some((flag) => NOT_TRACK_FLAGS.includes(flag.trim()));
}

function programOf(attributes: XmlAttributes): string | null {
  const program = attributes.get('modified-with') || attributes.get('created-with');
  return program ? keptText(program) : null;
}

/** A positive finite number ("120.000000"), or null. */
function positive(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 && value < 100_000 ? value : null;
}
