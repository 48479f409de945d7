/**
 * Live's own devices as a musician knows them: a set names a device by its XML element ("Eq8", "Compressor2",
 * "OriginalSimpler"), the browser by its title ("EQ Eight", "Compressor", "Simpler"). Plug-ins come with their
 * own names (the reader takes them from PluginDesc) and are kept as they are.
 */
const LIVE_DEVICE_TITLES: Readonly<Record<string, string>> = {
  AudioEffectGroupDevice: 'Audio Effect Rack',
  InstrumentGroupDevice: 'Instrument Rack',
  MidiEffectGroupDevice: 'MIDI Effect Rack',
  DrumGroupDevice: 'Drum Rack',
  OriginalSimpler: 'Simpler',
  MultiSampler: 'Sampler',
  InstrumentVector: 'Wavetable',
  UltraAnalog: 'Analog',
  LoungeLizard: 'Electric',
  StringStudio: 'Tension',
  InstrumentImpulse: 'Impulse',
  Eq8: 'EQ Eight',
  FilterEQ3: 'EQ Three',
  Compressor2: 'Compressor',
  GlueCompressor: 'Glue Compressor',
  MultibandDynamics: 'Multiband Dynamics',
  StereoGain: 'Utility',
  Chorus2: 'Chorus-Ensemble',
  CrossDelay: 'Simple Delay',
  PingPongDelay: 'Ping Pong Delay',
  FilterDelay: 'Filter Delay',
  AutoFilter: 'Auto Filter',
  AutoPan: 'Auto Pan',
  BeatRepeat: 'Beat Repeat',
  Redux2: 'Redux',
  Tuner: 'Tuner',
  MxDeviceAudioEffect: 'Max Audio Effect',
  MxDeviceInstrument: 'Max Instrument',
  MxDeviceMidiEffect: 'Max MIDI Effect',
  PluginDevice: 'Plug-in',
  AuPluginDevice: 'Plug-in',
};

/** "Eq8" -> "EQ Eight"; an element not in the table is split at its capitals ("SpectralTime" -> "Spectral Time"). */
export function liveDeviceTitle(element: string): string {
  return LIVE_DEVICE_TITLES[element] ?? element.replace(/([a-z])([A-Z])/g, '$1 $2');
}
