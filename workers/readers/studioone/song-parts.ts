/**
 * What each XML part of a Studio One song states (FORMATS-MORE.md), read by one scan each. Names are as written
 * (`x:id` is an attribute of that name: Studio One never declares the prefix). Each reader refuses a part whose root
 * is not what Studio One writes there, and any name or path past the caps (XmlRefused, named with the part).
 */
import type { PluginFormat } from '../../../common/projects/plugins';
import { XmlRefused, type XmlAttributes, type XmlHandler } from '../zip/xml-scan';
import { boundedText, MAX_NAME_CHARS, MAX_PATH_CHARS, statedNumber } from '../zip/zip-xml';

/** Element names by depth, so a reader can ask for an element's parent. */
abstract class PartReader implements XmlHandler {
  protected readonly path: string[] = [];

  /** `root`: the element Studio One writes at the top of this part; null where any is taken. */
  constructor(private readonly root: string | null) {}

  open(name: string, attributes: XmlAttributes, depth: number): void {
    if (depth === 0 && this.root !== null && name !== this.root) throw new XmlRefused(`its root is <${name}>, not Studio One's <${this.root}>`);
    this.path[depth] = name;
    this.element(name, attributes, depth);
  }

  close(name: string, depth: number): void {
    this.closed(name, depth);
  }

  protected parent(depth: number): string | undefined {
    return depth > 0 ? this.path[depth - 1] : undefined;
  }

  protected abstract element(name: string, attributes: XmlAttributes, depth: number): void;

  protected closed(_name: string, _depth: number): void {}
}

/** `metainfo.xml`: `<Attribute id="Media:Tempo" value="120"/>` under `<MetaInformation>`. */
export class MetaInformation extends PartReader {
  readonly values = new Map<string, string>();

  constructor() {
    super('MetaInformation');
  }

  protected element(name: string, attributes: XmlAttributes, depth: number): void {
    if (depth !== 1 || name !== 'Attribute') return;
    const id = attributes.get('id');
    const value = boundedText(attributes.get('value'), MAX_PATH_CHARS, 'a metainfo value');
    if (id !== undefined && value !== undefined) this.values.set(id, value);
  }
}

export interface SongTrack {
  name: string;
  hidden: boolean;
  depth: number;
}

/**
 * `Song/song.xml`: the tempo map (seconds per beat), the signature map, the sample rate of the time context, and the
 * tracks: `MediaTrack` elements (a track nested in another, a layer, is not a track of its own), hidden when it or
 * its `Attributes x:id="attributes"` says `hidden="1"`.
 */
export class SongDocument extends PartReader {
  readonly secondsPerBeat: number[] = [];
  readonly signatures: [number, number][] = [];
  sampleRate: number | null = null;
  readonly tracks: SongTrack[] = [];
  private openTrack: SongTrack | null = null;
  private timeContextSeen = false;

  constructor() {
    super('Song');
  }

  protected element(name: string, attributes: XmlAttributes, depth: number): void {
    // One switch on the name: events are nearly all of a long song, and fall straight through.
    switch (name) {
      case 'TempoMapSegment': {
        const tempo = this.parent(depth) === 'TempoMap' ? statedNumber(attributes.get('tempo')) : null;
        if (tempo !== null) this.secondsPerBeat.push(tempo);
        return;
      }
      case 'TimeSignatureMapSegment': {
        if (this.parent(depth) !== 'TimeSignatureMap') return;
        const numerator = statedNumber(attributes.get('numerator'));
        const denominator = statedNumber(attributes.get('denominator'));
        if (numerator !== null && denominator !== null) this.signatures.push([numerator, denominator]);
        return;
      }
      case 'MediaTrack':
        if (this.openTrack === null) {
          const trackName = boundedText(attributes.get('name'), MAX_NAME_CHARS, 'a track name') ?? '';
          this.openTrack = { name: trackName, hidden: attributes.get('hidden') === '1', depth };
          this.tracks.push(this.openTrack);
        }
        return;
      case 'Attributes':
        this.attributesElement(attributes, depth);
    }
  }

  /** The first time context's sample rate; a track's own `attributes` saying it is hidden. */
  private attributesElement(attributes: XmlAttributes, depth: number): void {
    const track = this.openTrack;
    const isTrackAttributes = track !== null && depth === track.depth + 1;
    if (this.timeContextSeen && !isTrackAttributes) return;
    const id = attributes.get('x:id');
    if (id === 'timeContext' && !this.timeContextSeen) {
      this.timeContextSeen = true;
      this.sampleRate = statedNumber(attributes.get('sampleRate'));
    } else if (isTrackAttributes && id === 'attributes' && attributes.get('hidden') === '1') {
      track.hidden = true;
    }
  }

  protected override closed(name: string, depth: number): void {
    if (name === 'MediaTrack' && this.openTrack?.depth === depth) this.openTrack = null;
  }
}

export interface DeviceClass {
  name: string;
  format: PluginFormat;
}

/**
 * `Devices/audiomixer.xml` (channel inserts) and `Devices/audiosynthfolder.xml` (instruments): each device's
 * `ghostData` holds `classInfo` with the plug-in's own name and its kind; the instance label (`deviceData@name`,
 * "Ozone 9 (2)") is not the plug-in's name. `VST2`/`VST3` are plug-ins, `(Native)…` Studio One's own; any other
 * kind (AU: not seen) is not listed. A trailing "(64bit)" is the build, not the name (as OwlPlug strips it).
 */
export class DeviceClasses extends PartReader {
  readonly plugins: DeviceClass[] = [];
  /** The depth of the `Attributes x:id="ghostData"` open now (-1: none): classInfo counts only right inside one. */
  private ghostDataDepth = -1;

  constructor() {
    // AudioMixer and AudioSynthFolder in the songs seen; the devices are found by their ids whatever the root.
    super(null);
  }

  protected element(name: string, attributes: XmlAttributes, depth: number): void {
    if (name !== 'Attributes') return;
    const id = attributes.get('x:id');
    if (id === 'ghostData') this.ghostDataDepth = depth;
    if (id !== 'classInfo' || this.ghostDataDepth < 0 || depth !== this.ghostDataDepth + 1) return;
    const format = pluginFormatOf(attributes.get('subCategory'));
    const pluginName = boundedText(attributes.get('name'), MAX_NAME_CHARS, 'a plug-in name')
      ?.replace(/\s*\(64[ -]?bit\)\s*$/i, '')
      .trim();
    if (format !== null && pluginName) this.plugins.push({ name: pluginName, format });
  }

  protected override closed(_name: string, depth: number): void {
    if (depth === this.ghostDataDepth) this.ghostDataDepth = -1;
  }
}

function pluginFormatOf(subCategory: string | undefined): PluginFormat | null {
  const kind = subCategory?.split('/')[0]?.trim();
  return kind === 'VST2' || kind === 'VST3' ? kind : null;
}

/**
 * `Song/mediapool.xml`: each `AudioClip`'s `Url x:id="path"` (file:/// outside the song, media:// inside it), and
 * the `documentPath` the song was saved at, which the clips' paths may be relative to.
 */
export class MediaPool extends PartReader {
  readonly clipUrls: string[] = [];
  documentUrl: string | null = null;

  constructor() {
    super('MediaPool');
  }

  protected element(name: string, attributes: XmlAttributes, depth: number): void {
    const id = attributes.get('x:id');
    if (name === 'Url' && id === 'path' && this.parent(depth) === 'AudioClip') {
      const url = boundedText(attributes.get('url'), MAX_PATH_CHARS, 'a media URL');
      if (url) this.clipUrls.push(url);
    } else if (depth === 1 && id === 'documentPath') {
      this.documentUrl = boundedText(attributes.get('url'), MAX_PATH_CHARS, 'the song URL') ?? null;
    }
  }
}
