import { describe, expect, it } from 'vitest';
import { rppString } from '../../synthetic/reaper';
import { pluginOfBlock, rppTokens } from './rpp-line';

describe('rppTokens', () => {
  it.each([
    ['NAME Track1', ['NAME', 'Track1']],
    ['NAME "|Beep Boop"', ['NAME', '|Beep Boop']],
    // vst.RPP: a name holding a double quote is wrapped in single quotes, one holding both in backquotes.
    [`NAME '"hey'`, ['NAME', '"hey']],
    ['NAME hey"', ['NAME', 'hey"']],
    ['NAME `say "hi" it\'s`', ['NAME', 'say "hi" it\'s']],
    ['NAME ""', ['NAME', '']],
    ['NAME <>', ['NAME', '<>']],
    ['FILE "C:\\Audio\\kick 1.wav" 1', ['FILE', 'C:\\Audio\\kick 1.wav', '1']],
    ['NAME "never closed', ['NAME', 'never closed']],
    ['TEMPO\t135  4 4', ['TEMPO', '135', '4', '4']],
  ])('splits %s', (line, tokens) => {
    expect(rppTokens(line)).toEqual(tokens);
  });

  it.each(['Track1', '|Beep Boop', '"hey', 'hey"', `a "b" 'c'`, '', '<>', 'tab\there'])('reads back what the generator writes for %j', (name) => {
    expect(rppTokens(`NAME ${rppString(name)}`)[1]).toBe(name);
  });
});

describe('pluginOfBlock', () => {
  it.each([
    ['VST', '<VST "VST: ReaComp (Cockos)" reacomp.dll 0 "" 1919247213', { name: 'ReaComp', format: 'VST2' }],
    ['VST', '<VST "VSTi: ReaSynth (Cockos)" reasynth.dll 0 "" 1919251321', { name: 'ReaSynth', format: 'VST2' }],
    ['VST', '<VST "VST3: BD BG-Drums (Joey Sturgis Tones)" "BD BG-Drums.vst3" 0 "" 798044342{5653} ""', { name: 'BD BG-Drums', format: 'VST3' }],
    ['VST', '<VST "VST3i: Kontakt 7 (Native Instruments) (64 out)" "Kontakt 7.vst3" 0 "Drums" 1{2} ""', { name: 'Kontakt 7', format: 'VST3' }],
    ['VST', '<VST "VSTi: Vital (Vital Audio) (2->18ch)" Vital.dll 0 "" 1', { name: 'Vital', format: 'VST2' }],
    // A 32-bit plug-in bridged into 64-bit REAPER, as REAPER 5.18 saved them (ggVGc/metaseq song.RPP): "(x86)" is the
    // bridge's, not the plug-in's name.
    ['VST', '<VST "VSTi: Massive (x86) (Native Instruments GmbH)" Massive.dll 0 "" 1', { name: 'Massive', format: 'VST2' }],
    ['VST', '<VST "VSTi: Reaktor 6 (x86) (Native Instruments GmbH) (2->16ch)" "Reaktor 6.dll" 0 "" 1', { name: 'Reaktor 6', format: 'VST2' }],
    ['VST', '<VST "VST: Old Verb (x64)" verb.dll 0 "" 1', { name: 'Old Verb', format: 'VST2' }],
    ['AU', '<AU "AUi: Diva (u-he)" "u-he: Diva" "" 1635085685', { name: 'Diva', format: 'AU' }],
    ['CLAP', '<CLAP "CLAPi: Surge XT (Surge Synth Team)" org.surge-synth-team.surge-xt ""', { name: 'Surge XT', format: 'CLAP' }],
    // Without REAPER's prefix the tag and the file tell the format.
    ['VST', '<VST "Old Plug" old.vst3 0 "" 1', { name: 'Old Plug', format: 'VST3' }],
    ['VST', '<VST "Old Plug" old.dll 0 "" 1', { name: 'Old Plug', format: 'VST2' }],
    // A prefix of a format the app does not track names no plug-in.
    ['VST', '<VST "LV2: Calf Reverb (Calf)" x 0 "" 1', null],
    ['VST', '<VST', null],
  ])('reads %s block %s', (tag, line, plugin) => {
    expect(pluginOfBlock(tag, rppTokens(line))).toEqual(plugin);
  });
});
