import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { dawprojectBytes, writeDawproject, type DawprojectOptions } from '../../synthetic/dawproject';
import { zipBytes } from '../../synthetic/zip-writer';
import { readDawproject } from './read-dawproject';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-dawproject-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function projectWith(options: DawprojectOptions, name = 'Export.dawproject') {
  const filePath = path.join(workDir, 'Export', name);
  await writeDawproject(filePath, options);
  return readDawproject(filePath);
}

async function writeBytes(bytes: Uint8Array, name = 'Hostile.dawproject'): Promise<string> {
  const filePath = path.join(workDir, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

async function expectUnreadable(filePath: string, reason: string | RegExp): Promise<void> {
  const failure = await readDawproject(filePath).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableFileError);
  expect((failure as UnreadableFileError).path).toBe(filePath);
  expect((failure as UnreadableFileError).reason).toMatch(reason);
}

function projectXml(structure: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Project version="1.0"><Application name="Studio One" version="6.5"/><Transport><Tempo unit="bpm" value="100" id="t"/></Transport><Structure>${structure}</Structure>${extra}</Project>`;
}

describe('readDawproject on a generated export', () => {
  it('reads the application, tempo, signature, tracks (groups and their tracks) and plug-ins of four formats', async () => {
    const meta = await projectWith({ application: { name: 'Bitwig Studio', version: '5.3.12' }, tempo: 128.5, timeSignature: [7, 8] });
    expect(meta).toEqual({
      daw: 'dawproject',
      dawVersion: 'Bitwig Studio 5.3.12',
      tempo: 128.5,
      tempoAutomated: false,
      timeSignature: '7/8',
      key: null,
      sampleRate: null,
      trackCount: 4,
      // The group (submix) and its two tracks, the instrument track; not the effect return nor the master.
      tracks: ['Drums', 'Kick', 'Snare', 'Lead'],
      plugins: [
        { name: 'Battery 4', format: 'VST3', instances: 2 },
        { name: 'Surge XT', format: 'CLAP', instances: 1 },
        { name: 'Valhalla VintageVerb', format: 'VST2', instances: 1 },
        { name: 'ChromaVerb', format: 'AU', instances: 1 },
      ],
      // Kick.wav is inside the container: no file on disk.
      samples: [],
      missingSamples: [],
    });
  });

  it('leaves the signature unknown without a TimeSignature, and lists no plug-in for the DAW’s own devices', async () => {
    const meta = await projectWith({ timeSignature: null, tracks: [{ name: 'Bus', devices: [{ kind: 'Equalizer', name: 'EQ' }, { kind: 'Compressor', name: 'Comp' }, { kind: 'BuiltinDevice', name: 'Polysynth' }] }] });
    expect(meta.timeSignature).toBeNull();
    expect(meta.plugins).toEqual([]);
  });

  it('calls a tempo automation with another tempo automated, and one repeating the transport’s tempo not', async () => {
    expect((await projectWith({ tempo: 120, tempoPoints: [120, 140] })).tempoAutomated).toBe(true);
    expect((await projectWith({ tempo: 120, tempoPoints: [120] }, 'Flat.dawproject')).tempoAutomated).toBe(false);
  });

  it('reads tempo points of a Points lane whose target is the transport tempo, and no other lane', async () => {
    const lanes = `<Arrangement><Lanes><Points><Target parameter="volume"/><RealPoint time="0" value="0.2"/></Points><Points><Target parameter="t"/><RealPoint time="0" value="100"/><RealPoint time="8" value="90"/></Points></Lanes></Arrangement>`;
    const filePath = await writeBytes(zipBytes([{ name: 'project.xml', data: projectXml('', lanes) }]));
    expect(await readDawproject(filePath)).toMatchObject({ dawVersion: 'Studio One 6.5', tempo: 100, tempoAutomated: true, trackCount: 0, tracks: [] });
  });

  it('counts only tracks whose own channel is regular or submix', async () => {
    const structure = [
      '<Track name="Folder"><Track name="Inside"><Channel role="regular"/></Track></Track>',
      '<Track name="VCA"><Channel role="vca"/></Track>',
      '<Track name="Return"><Channel role="effect"/></Track>',
      '<Channel role="master"><Devices><Vst3Plugin deviceName="Pro-L 2" deviceRole="audioFX"/></Devices></Channel>',
    ].join('');
    const meta = await readDawproject(await writeBytes(zipBytes([{ name: 'project.xml', data: projectXml(structure) }])));
    expect(meta.tracks).toEqual(['Inside']);
    expect(meta.plugins).toEqual([{ name: 'Pro-L 2', format: 'VST3', instances: 1 }]);
  });

  it('lists external audio files: relative to the project’s folder (or home), absolute, on a server; never plug-in states', async () => {
    const folder = path.join(workDir, 'Export');
    await fs.mkdir(path.join(folder, 'Stems'), { recursive: true });
    await fs.writeFile(path.join(folder, 'Stems', 'Vox.wav'), 'RIFF');
    const absolute = path.join(workDir, 'Library', 'kick.wav');
    const meta = await projectWith({
      tracks: [{ name: 'Vox', devices: [{ kind: 'Vst3Plugin', name: 'Pro-Q 3' }], audio: [{ path: 'Stems/Vox.wav', external: true }, { path: absolute, external: true }, { path: '//server/share/pad.wav', external: true }, { path: 'audio/inside.wav' }] }],
    });
    expect(meta.samples).toEqual([path.join(folder, 'Stems', 'Vox.wav'), absolute, '//server/share/pad.wav']);
    expect(meta.missingSamples).toEqual([absolute, '//server/share/pad.wav']);

    const home = path.join(workDir, 'Elsewhere');
    await fs.mkdir(path.join(home, 'Stems'), { recursive: true });
    await fs.writeFile(path.join(home, 'Stems', 'Vox.wav'), 'RIFF');
    const copy = await writeBytes(dawprojectBytes({ tracks: [{ name: 'Vox', audio: [{ path: 'Stems/Vox.wav', external: true }] }] }), 'copy.dawproject');
    expect((await readDawproject(copy, home)).samples).toEqual([path.join(home, 'Stems', 'Vox.wav')]);
  });
});

describe('readDawproject refuses what is not a whole DAWproject', () => {
  it('refuses a missing file, an empty one, a file that is no ZIP and a ZIP without project.xml', async () => {
    await expectUnreadable(path.join(workDir, 'absent.dawproject'), 'is missing');
    await expectUnreadable(await writeBytes(Buffer.alloc(0)), 'is empty');
    await expectUnreadable(await writeBytes(Buffer.from(projectXml('')), 'Plain.dawproject'), 'is not a ZIP archive (not a DAWproject)');
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'metainfo.xml', data: '<MetaInformation/>' }]), 'Song.dawproject'), 'has no project.xml (not a DAWproject)');
  });

  it('refuses a project.xml whose root is not Project, one cut short, and hostile XML', async () => {
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'project.xml', data: '<Song/>' }]), 'Root.dawproject'), "project.xml: its root is <Song>, not a DAWproject's <Project>");
    const xml = projectXml('<Track name="A"><Channel role="regular"/></Track>');
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'project.xml', data: xml.slice(0, -30) }]), 'Cut.dawproject'), /^project\.xml: XML ends/);
    const entity = `<!DOCTYPE Project [<!ENTITY x SYSTEM "file:///etc/passwd">]>${projectXml('')}`;
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'project.xml', data: entity }]), 'Xxe.dawproject'), 'project.xml: XML declares a DOCTYPE or entities (refused)');
    const deep = projectXml(`${'<Track name="d">'.repeat(300)}${'</Track>'.repeat(300)}`);
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'project.xml', data: deep }]), 'Deep.dawproject'), 'project.xml: XML is nested deeper than 256 elements');
  });

  it('refuses a project.xml that inflates past what it declares', async () => {
    const bomb = zipBytes([{ name: 'project.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20), declare: { size: 4096 } }]);
    await expectUnreadable(await writeBytes(bomb, 'Bomb.dawproject'), 'project.xml inflates past the 4096 bytes it declares (zip bomb?)');
  });
});
