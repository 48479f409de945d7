/**
 * Reads a Studio One (Fender Studio Pro) `.song`: a ZIP of XML (FORMATS-MORE.md). Through the bounded ZIP reader,
 * five parts are read and nothing else: `metainfo.xml` (the version that saved it, tempo, signature, sample rate, and
 * the song's title, artist and genre), `Song/song.xml` (the tempo map and the tracks), `Song/mediapool.xml` (audio
 * files) and `Devices/audiomixer.xml` + `Devices/audiosynthfolder.xml` (plug-ins). A file that is not a whole song
 * (not a ZIP, no metainfo.xml or song.xml, a part cut short, damaged or hostile) throws UnreadableFileError with the
 * reason.
 *
 * The key is left unknown. Only how a song without one says so is confirmed: metainfo's `Media:KeySignature` "-" and
 * song.xml's `KeySignatureMap/Attributes root="0" scale=""` (the shared test-song.song; the 7.2.3 song quoted in
 * DropSnorz/OwlPlug issue 217 has the same "-"). How a key that is set is written is in no source and no real file seen: the text of Media:KeySignature
 * ("Dm"? "D minor"? the root alone, its scale elsewhere?), what `root` counts (semitones from C? steps round the circle
 * of fifths?) and what `scale` names. Reading a bare "D" as D major could name a D minor song wrongly, so no key is
 * read until a real song with one set shows how it is spelled.
 */
import path from 'node:path';
import { countPlugins } from '../../../common/projects/plugins';
import { creditsOf, UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { withZip, type ZipLimits } from '../zip/bounded-zip';
import { resolveSamples } from '../sample-paths';
import { scanZipPart, statedNumber } from '../zip/zip-xml';
import { clipCandidates } from './media-urls';
import { DeviceClasses, MediaPool, MetaInformation, SongDocument, type DeviceClass } from './song-parts';

/** Songs are kilobytes to tens of megabytes (presets and clip data inside); a gigabyte is no song. */
export const MAX_SONG_BYTES = 1024 * 1024 * 1024;
const LIMITS: ZipLimits = { kind: 'Studio One song', maxArchiveBytes: MAX_SONG_BYTES };

const META_INFORMATION = 'metainfo.xml';
const SONG = 'Song/song.xml';
const MEDIA_POOL = 'Song/mediapool.xml';
const DEVICE_PARTS = ['Devices/audiomixer.xml', 'Devices/audiosynthfolder.xml'];

/** Studio One's tempo range is narrower; past this a value is damage, not a tempo. */
const MIN_BPM = 1;
const MAX_BPM = 1000;

interface SongParts {
  meta: MetaInformation;
  song: SongDocument;
  pool: MediaPool;
  /** Null when the song has neither device part: its plug-ins cannot be told. */
  plugins: DeviceClass[] | null;
}

/** `home`: the folder the song is in now, for a copy kept elsewhere (a snapshot). Default: the song's own folder. */
export async function readStudioOne(filePath: string, home?: string): Promise<ProjectMeta> {
  const parts = withZip(filePath, LIMITS, (zip): SongParts => {
    if (!zip.has(META_INFORMATION)) throw new UnreadableFileError(filePath, `has no ${META_INFORMATION} (not a Studio One song)`);
    if (!zip.has(SONG)) throw new UnreadableFileError(filePath, `has no ${SONG} (not a whole Studio One song)`);
    const meta = new MetaInformation();
    scanZipPart(zip, filePath, META_INFORMATION, meta);
    const song = new SongDocument();
    scanZipPart(zip, filePath, SONG, song);
    const pool = new MediaPool();
    if (zip.has(MEDIA_POOL)) scanZipPart(zip, filePath, MEDIA_POOL, pool);
    const deviceParts = DEVICE_PARTS.filter((part) => zip.has(part));
    const plugins: DeviceClass[] = [];
    for (const part of deviceParts) {
      const devices = new DeviceClasses();
      scanZipPart(zip, filePath, part, devices);
      plugins.push(...devices.plugins);
    }
    return { meta, song, pool, plugins: deviceParts.length === 0 ? null : plugins };
  });

  const { meta, song, pool, plugins } = parts;
  const folder = home ?? path.dirname(path.resolve(filePath));
  const files = pool.clipUrls.map((url) => clipCandidates(url, pool.documentUrl, folder)).filter((candidates) => candidates !== null);
  const { samples, missingSamples } = resolveSamples(files.map((candidates) => ({ candidates })));
  const tracks = song.tracks.filter((track) => !track.hidden).map((track) => track.name);
  // Media:Genre is not in FORMATS-MORE's list, but Studio One writes it beside Media:Artist (test-song.song, empty there).
  const credits = creditsOf({ title: meta.values.get('Document:Title'), artist: meta.values.get('Media:Artist'), genre: meta.values.get('Media:Genre') });
  return {
    daw: 'studioone',
    dawVersion: meta.values.get('Document:Generator') || null,
    ...tempoOf(meta, song),
    timeSignature: signatureOf(meta.values.get('Media:TimeSignatureNumerator'), meta.values.get('Media:TimeSignatureDenominator')) ?? songSignature(song),
    // Unknown, whatever the song says: only how a song says it has no key is confirmed (see the header).
    key: null,
    sampleRate: sampleRateOf(statedNumber(meta.values.get('Media:SampleRate'))) ?? sampleRateOf(song.sampleRate),
    trackCount: tracks.length,
    tracks,
    samples,
    missingSamples,
    ...(plugins === null ? {} : { plugins: countPlugins(plugins) }),
    ...(credits ? { credits } : {}),
  };
}

/**
 * The tempo map's first segment (seconds per beat: 0.5 is 120 BPM), else metainfo's Media:Tempo; automated when the
 * map holds more than one tempo. Rounded to a millionth: 60 / 0.48 is 125.00000000000001 in floating point.
 */
function tempoOf(meta: MetaInformation, song: SongDocument): { tempo: number | null; tempoAutomated: boolean } {
  const first = song.secondsPerBeat[0];
  const fromMap = first !== undefined && first > 0 ? bpmOf(60 / first) : null;
  return {
    tempo: fromMap ?? bpmOf(statedNumber(meta.values.get('Media:Tempo'))),
    tempoAutomated: new Set(song.secondsPerBeat).size > 1,
  };
}

function bpmOf(value: number | null): number | null {
  if (value === null || value < MIN_BPM || value > MAX_BPM) return null;
  return Math.round(value * 1e6) / 1e6;
}

function songSignature(song: SongDocument): string | null {
  const first = song.signatures[0];
  return first === undefined ? null : signatureOf(String(first[0]), String(first[1]));
}

/** "7/8": a whole numerator up to 99 over a power of two up to 64; anything else is not trusted. */
function signatureOf(numeratorText: string | undefined, denominatorText: string | undefined): string | null {
  const numerator = statedNumber(numeratorText);
  const denominator = statedNumber(denominatorText);
  if (numerator === null || denominator === null || !Number.isInteger(numerator) || numerator < 1 || numerator > 99) return null;
  return [1, 2, 4, 8, 16, 32, 64].includes(denominator) ? `${numerator}/${denominator}` : null;
}

function sampleRateOf(rate: number | null): number | null {
  return rate !== null && Number.isInteger(rate) && rate >= 1000 && rate <= 768_000 ? rate : null;
}
