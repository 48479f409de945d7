// What may reach a decoder: the kind a file's name promises, held to its first bytes (decodableAudioOf).
import { describe, expect, it } from 'vitest';
import { decodableAudioOf } from './media';

const bytes = (text: string, ...rest: number[]) => Uint8Array.from([...Buffer.from(text, 'latin1'), ...rest]);
const WAV = bytes('RIFF\0\0\0\0WAVE');
const RF64 = bytes('RF64\0\0\0\0WAVE');
const AIFF = bytes('FORM\0\0\0\0AIFF');
const AIFC = bytes('FORM\0\0\0\0AIFC');
const FLAC = bytes('fLaC\0\0\0\x22');
const MP3_TAGGED = bytes('ID3\x04\0\0\0\0\0\0');
const MP3_FRAME = Uint8Array.from([0xff, 0xfb, 0x90, 0x64]);
const MATROSKA = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x01, 0, 0, 0, 0, 0, 0, 0x23]);
const OGG = bytes('OggS\0\x02');

describe('decodableAudioOf', () => {
  it.each([
    ['mix.wav', WAV, 'wav'],
    ['Mix.WAV', RF64, 'wav'],
    ['mix.aif', AIFF, 'aiff'],
    ['mix.aiff', AIFC, 'aiff'],
    ['mix.flac', FLAC, 'flac'],
    ['mix.mp3', MP3_TAGGED, 'mp3'],
    ['mix.mp3', MP3_FRAME, 'mp3'],
  ])('lets %s through when its bytes are what it says', (name, header, kind) => {
    expect(decodableAudioOf(name, header)).toEqual({ ok: true, kind });
  });

  it.each([
    ['mix.wav', MATROSKA, 'a WAV file'],
    ['mix.wav', MP3_TAGGED, 'a WAV file'],
    ['mix.flac', OGG, 'a FLAC file'],
    ['mix.aiff', WAV, 'an AIFF file'],
    ['mix.mp3', FLAC, 'an MP3 file'],
    ['mix.mp3', new Uint8Array(0), 'an MP3 file'],
  ])('refuses %s whose bytes are something else, naming what it promised', (name, header, named) => {
    expect(decodableAudioOf(name, header)).toEqual({ ok: false, promised: { kind: expect.any(String), named } });
  });

  it('refuses a name that promises no kind decoded here, whatever its bytes', () => {
    expect(decodableAudioOf('mix.m4a', WAV)).toEqual({ ok: false, promised: null });
    expect(decodableAudioOf('mix', WAV)).toEqual({ ok: false, promised: null });
  });
});
