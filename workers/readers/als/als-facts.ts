/**
 * What a scan collects from a Live set, as the raw strings the file holds, and the element paths it collects
 * them from (FORMATS.md, "Ableton Live .als"). Both scanners walk the same paths through `AlsFactsBuilder`:
 * the fast one skips every subtree the paths do not enter, the careful one ignores it.
 */
import { liveDeviceTitle } from '../../../common/projects/live-devices';
import type { PluginFormat } from '../../../common/projects/plugins';
import { SetRejected } from './set-rejected';

export interface Attributes {
  get(name: string): string | undefined;
}

export interface SampleRefFacts {
  /** Where the file was on the machine that saved the set: `Path` (Live 11+) or `SearchHint/PathHint` + `Name`. */
  absolutePath: string | null;
  /** '/'-separated, relative to the folder the set was saved in; `..` steps up. */
  relativePath: string | null;
  /** Live marked the path as relative to the project folder. */
  inProject: boolean;
}

export interface EnvelopeFacts {
  pointeeId: string | null;
  /** Some event's value differs from the first event's. */
  varies: boolean;
}

export interface AlsFacts {
  creator: string | null;
  /** `MinorVersion`, "11.0_11300": its first number is the Live version that wrote the schema. */
  minorVersion: string | null;
  sawLiveSet: boolean;
  sawTracks: boolean;
  /** One entry per direct child of LiveSet/Tracks that is a track; '' where it has no name. */
  trackNames: string[];
  /** The tracks' `Id`s, parallel to `trackNames` ('' where absent): Live keeps them across saves (FORMATS.md). */
  trackIds: string[];
  /**
   * Every device on the tracks and the main track, racks' insides included, in document order: a Live device by
   * its title ("EQ Eight", common/projects/live-devices.ts), a plug-in by its name ("Pro-Q 3").
   */
  devices: string[];
  /** Every plug-in instance among `devices`, in document order, with its format (from its PluginDesc). */
  plugins: { name: string; format: PluginFormat }[];
  /** Clips on the tracks' arrangement lanes and in their session slots. */
  clipCount: number;
  /** Where the last arrangement clip ends, in beats (0: no clip). */
  arrangementEnd: number;
  tempoManual: string | null;
  /** The `FloatEvent` at the song start under Tempo/ArrangerAutomation (Live 8 and 9 store it there). */
  tempoStartEvent: string | null;
  /** Tempo/ArrangerAutomation events change value (Live 8 and 9 automation). */
  tempoEventsVary: boolean;
  tempoTargetId: string | null;
  /** The main track's automation envelopes (Live 10+ automation lives there). */
  envelopes: EnvelopeFacts[];
  timeSignatureManual: string | null;
  timeSignatureStartEvent: string | null;
  scaleRoot: string | null;
  scaleName: string | null;
  inKey: string | null;
  /** Unique by both paths, in document order. */
  sampleRefs: SampleRefFacts[];
}

/** Live's "song start" time: the event there holds a parameter's value before any automation. */
const SONG_START_TIME = '-63072000';
const TRACK_ELEMENTS = ['AudioTrack', 'MidiTrack', 'GroupTrack', 'ReturnTrack'];
const LONGEST_NAME_IN_A_REASON = 40;

interface PathNode {
  /** Children worth reading; every other child is skipped. */
  children?: ReadonlyMap<string, PathNode>;
  /** Read every child with this node (the events of an automation). */
  anyChild?: PathNode;
  /** Once this child has closed, nothing else in the element is read (a scanner may jump to its end). */
  doneAfter?: string;
  open?: (builder: AlsFactsBuilder, attributes: Attributes, name: string) => void;
}

interface OpenNode {
  node: PathNode;
  name: string;
  done: boolean;
}

function node(open: PathNode['open'] | null, children: Record<string, PathNode> = {}, doneAfter?: string): PathNode {
  const entries = Object.entries(children);
  return { open: open ?? undefined, children: entries.length > 0 ? new Map(entries) : undefined, doneAfter };
}

function eventsOf(onEvent: (builder: AlsFactsBuilder, attributes: Attributes) => void): PathNode {
  return node(null, { Events: { anyChild: { open: onEvent } } });
}

/**
 * Devices, racks' insides included: a device's element names it, a plug-in's PluginDesc does; a rack's branches
 * hold device chains of their own. Everything else in a device (its parameters, most of a set) is skipped.
 */
const pluginName = (format: PluginFormat) => node((builder, attributes) => builder.namePlugin(attributes.get('Value'), format));
const DEVICE: PathNode = node((builder, _attributes, name) => builder.facts.devices.push(liveDeviceTitle(name)), {
  PluginDesc: node(null, {
    VstPluginInfo: node(null, { PlugName: pluginName('VST2') }),
    Vst3PluginInfo: node(null, { Name: pluginName('VST3') }),
    AuPluginInfo: node(null, { Name: pluginName('AU') }),
  }),
});
const DEVICES: PathNode = { anyChild: DEVICE };
/** A rack's branch: `DeviceChain/<AudioToAudioDeviceChain or MidiToAudioDeviceChain…>/Devices`. */
const BRANCH = node(null, { DeviceChain: { anyChild: node(null, { Devices: DEVICES }) } });
(DEVICE.children as Map<string, PathNode>).set('Branches', { anyChild: BRANCH });

/** A clip counts; an arrangement clip's end gives the arrangement's length. */
const SESSION_CLIP = node((builder) => (builder.facts.clipCount += 1));
const ARRANGEMENT_CLIP = node((builder) => (builder.facts.clipCount += 1), {
  CurrentEnd: node((builder, attributes) => builder.arrangementClipEnds(attributes.get('Value'))),
});
const ARRANGEMENT = node(null, { ArrangerAutomation: node(null, { Events: node(null, { AudioClip: ARRANGEMENT_CLIP, MidiClip: ARRANGEMENT_CLIP }) }) });

const TRACK = node((builder, attributes) => builder.startTrack(attributes.get('Id')), {
  Name: node(null, { EffectiveName: node((builder, attributes) => builder.nameLastTrack(attributes.get('Value'))) }),
  DeviceChain: node(null, {
    MainSequencer: node(null, {
      ClipSlotList: node(null, {
        ClipSlot: node(null, { ClipSlot: node(null, { Value: node(null, { AudioClip: SESSION_CLIP, MidiClip: SESSION_CLIP }) }) }),
      }),
      Sample: ARRANGEMENT,
      ClipTimeable: ARRANGEMENT,
    }),
    DeviceChain: node(null, { Devices: DEVICES }),
  }),
});

/** The main track's mixer: its tempo and time signature, as a `Manual` (Live 9+) or song-start events (Live 8 and 9). */
const MIXER = node(null, {
  Tempo: node(null, {
    Manual: node((builder, attributes) => (builder.facts.tempoManual = attributes.get('Value') ?? null)),
    AutomationTarget: node((builder, attributes) => (builder.facts.tempoTargetId = attributes.get('Id') ?? null)),
    ArrangerAutomation: eventsOf((builder, attributes) => builder.addTempoEvent(attributes)),
  }),
  TimeSignature: node(null, {
    Manual: node((builder, attributes) => (builder.facts.timeSignatureManual = attributes.get('Value') ?? null)),
    ArrangerAutomation: eventsOf((builder, attributes) => builder.addTimeSignatureEvent(attributes)),
  }),
});

const MAIN_TRACK = node(null, {
  AutomationEnvelopes: node(null, {
    Envelopes: node(null, {
      AutomationEnvelope: node((builder) => builder.startEnvelope(), {
        EnvelopeTarget: node(null, { PointeeId: node((builder, attributes) => builder.setEnvelopeTarget(attributes.get('Value'))) }),
        Automation: eventsOf((builder, attributes) => builder.addEnvelopeEvent(attributes.get('Value'))),
      }),
    }),
  }),
  DeviceChain: node(null, { DeviceChain: node(null, { Devices: DEVICES }), Mixer: MIXER }),
  // Live 8 (and early 9) sets name the main track's chain MasterChain (FORMATS.md).
  MasterChain: node(null, { DeviceChain: node(null, { Devices: DEVICES }), Mixer: MIXER }),
});

const DOCUMENT = node(null, {
  Ableton: node(
    (builder, attributes) => {
      builder.facts.creator = attributes.get('Creator') ?? null;
      builder.facts.minorVersion = attributes.get('MinorVersion') ?? null;
    },
    {
      LiveSet: node((builder) => (builder.facts.sawLiveSet = true), {
        Tracks: node((builder) => (builder.facts.sawTracks = true), Object.fromEntries(TRACK_ELEMENTS.map((name) => [name, TRACK]))),
        // Live 12 renamed MasterTrack to MainTrack.
        MasterTrack: MAIN_TRACK,
        MainTrack: MAIN_TRACK,
        ScaleInformation: node(null, {
          Root: node((builder, attributes) => (builder.facts.scaleRoot = attributes.get('Value') ?? null)),
          RootNote: node((builder, attributes) => (builder.facts.scaleRoot = attributes.get('Value') ?? null)),
          Name: node((builder, attributes) => (builder.facts.scaleName = attributes.get('Value') ?? null)),
        }),
        InKey: node((builder, attributes) => (builder.facts.inKey = attributes.get('Value') ?? null)),
      }),
    },
  ),
});

export class AlsFactsBuilder {
  readonly facts: AlsFacts = {
    creator: null,
    minorVersion: null,
    sawLiveSet: false,
    sawTracks: false,
    trackNames: [],
    trackIds: [],
    devices: [],
    plugins: [],
    clipCount: 0,
    arrangementEnd: 0,
    tempoManual: null,
    tempoStartEvent: null,
    tempoEventsVary: false,
    tempoTargetId: null,
    envelopes: [],
    timeSignatureManual: null,
    timeSignatureStartEvent: null,
    scaleRoot: null,
    scaleName: null,
    inKey: null,
    sampleRefs: [],
  };
  private readonly nodes: OpenNode[] = [{ node: DOCUMENT, name: '', done: false }];
  private readonly sampleKeys = new Set<string>();
  private firstTempoEvent: string | undefined;
  private firstEnvelopeEvent: string | undefined;

  /** An element opens. True when the scanner must report its children and then its close. */
  open(name: string, attributes: Attributes, isEmpty: boolean): boolean {
    const parent = this.nodes[this.nodes.length - 1];
    if (!parent || parent.done) return false;
    if (parent.node === DOCUMENT && name !== 'Ableton') {
      throw new SetRejected(`not an Ableton Live set (root element ${name.slice(0, LONGEST_NAME_IN_A_REASON)})`);
    }
    const child = parent.node.children?.get(name) ?? parent.node.anyChild;
    if (!child) return false;
    child.open?.(this, attributes, name);
    if (isEmpty || (!child.children && !child.anyChild)) return false;
    this.nodes.push({ node: child, name, done: false });
    return true;
  }

  /**
   * The element whose `open` answered true closes. True when its parent now needs nothing more, so that a
   * scanner may jump to the parent's end.
   */
  close(): boolean {
    const closed = this.nodes.pop();
    const parent = this.nodes[this.nodes.length - 1];
    if (!closed || !parent || parent.node.doneAfter !== closed.name) return false;
    parent.done = true;
    return true;
  }

  sampleRef(ref: SampleRefFacts): void {
    const key = `${ref.absolutePath ?? ''}\n${ref.relativePath ?? ''}`;
    if (this.sampleKeys.has(key)) return;
    this.sampleKeys.add(key);
    this.facts.sampleRefs.push(ref);
  }

  startTrack(id: string | undefined): void {
    this.facts.trackNames.push('');
    this.facts.trackIds.push(id ?? '');
  }

  /** A plug-in device was counted by its element ("Plug-in"): its name replaces that, and it is a plug-in the set needs. */
  namePlugin(name: string | undefined, format: PluginFormat): void {
    const last = this.facts.devices.length - 1;
    if (last < 0 || !name) return;
    this.facts.devices[last] = name;
    this.facts.plugins.push({ name, format });
  }

  arrangementClipEnds(value: string | undefined): void {
    const end = Number(value);
    if (Number.isFinite(end) && end > this.facts.arrangementEnd) this.facts.arrangementEnd = end;
  }

  nameLastTrack(name: string | undefined): void {
    const last = this.facts.trackNames.length - 1;
    if (last >= 0 && name !== undefined) this.facts.trackNames[last] = name;
  }

  startEnvelope(): void {
    this.facts.envelopes.push({ pointeeId: null, varies: false });
    this.firstEnvelopeEvent = undefined;
  }

  setEnvelopeTarget(pointeeId: string | undefined): void {
    const envelope = this.facts.envelopes[this.facts.envelopes.length - 1];
    if (envelope) envelope.pointeeId = pointeeId ?? null;
  }

  addEnvelopeEvent(value: string | undefined): void {
    const envelope = this.facts.envelopes[this.facts.envelopes.length - 1];
    if (!envelope || value === undefined) return;
    if (this.firstEnvelopeEvent === undefined) this.firstEnvelopeEvent = value;
    else if (value !== this.firstEnvelopeEvent) envelope.varies = true;
  }

  addTempoEvent(attributes: Attributes): void {
    const value = attributes.get('Value');
    if (value === undefined) return;
    if (attributes.get('Time') === SONG_START_TIME) this.facts.tempoStartEvent = value;
    if (this.firstTempoEvent === undefined) this.firstTempoEvent = value;
    else if (value !== this.firstTempoEvent) this.facts.tempoEventsVary = true;
  }

  addTimeSignatureEvent(attributes: Attributes): void {
    if (attributes.get('Time') === SONG_START_TIME) this.facts.timeSignatureStartEvent = attributes.get('Value') ?? null;
  }
}
